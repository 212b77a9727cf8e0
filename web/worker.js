// The computer's worker (web/src/computer_worker.rs): loads the same
// module as the page, and answers each question the page posts, in order.
import init, { think } from "./flagfall_web.js";

const ready = init();
self.onmessage = async (event) => {
  await ready;
  self.postMessage(think(event.data));
};
