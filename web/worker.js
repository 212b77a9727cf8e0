// The computer's worker (web/src/computer_worker.rs): instantiates the
// module the page compiled (its first message), or fetches it where the
// page had none to give, and answers each question the page posts, in order.
import init, { think } from "./flagfall_web.js";

let ready = null;
self.onmessage = async (event) => {
  if (event.data instanceof WebAssembly.Module) {
    ready = init({ module_or_path: event.data });
    return;
  }
  ready ??= init();
  await ready;
  self.postMessage(think(event.data));
};
