// The camera for reading codes (web/src/camera.rs): a layer over the app
// with the camera's picture, a line saying what to do, "Choose a picture…"
// and "Cancel". Each frame goes to `readFrame(width, height, rgba)`, which
// answers true once it found a code; a chosen picture file goes to
// `readFile(bytes, name)`, which answers "" once it found a code, else why
// not (shown on the layer). `finished(outcome, detail)` is called once,
// when the layer closes: "found", "cancelled", or, when the camera could
// not be had and the player closed the layer, "denied" (the player or the
// browser refused it), "none" (no camera) or "failed" (with the browser's
// words).

let open = null;

export function scanCodes(labels, readFrame, readFile, finished) {
  if (open) open.close("cancelled", "");
  const layer = document.createElement("div");
  layer.id = "camera";
  layer.setAttribute("role", "dialog");
  layer.setAttribute("aria-label", labels.title);
  layer.style.cssText =
    "position:fixed;inset:0;z-index:10;background:#111;display:flex;flex-direction:column;" +
    "align-items:center;justify-content:center;gap:12px;padding:12px;box-sizing:border-box;" +
    "font:16px system-ui,sans-serif;color:#fff;text-align:center";
  const video = document.createElement("video");
  video.setAttribute("playsinline", "");
  video.muted = true;
  video.style.cssText = "max-width:100%;max-height:60vh;background:#000";
  const line = document.createElement("p");
  line.textContent = labels.hint;
  line.setAttribute("aria-live", "polite");
  const buttons = document.createElement("div");
  buttons.style.cssText = "display:flex;gap:12px;flex-wrap:wrap;justify-content:center";
  const button = (text) => {
    const b = document.createElement("button");
    b.textContent = text;
    b.style.cssText = "min-height:48px;padding:0 20px;font:inherit;border-radius:8px;border:0";
    buttons.append(b);
    return b;
  };
  const choose = button(labels.choose);
  const cancel = button(labels.cancel);
  const file = document.createElement("input");
  file.type = "file";
  file.accept = "image/*";
  file.hidden = true;
  layer.append(video, line, buttons, file);
  document.body.append(layer);

  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let stream = null;
  let timer = 0;
  // Why the camera could not be had, told when the layer closes.
  let problem = null;
  const state = {
    close(outcome, detail) {
      if (open !== state) return;
      open = null;
      clearTimeout(timer);
      if (stream) stream.getTracks().forEach((t) => t.stop());
      layer.remove();
      finished(outcome, detail);
    },
  };
  open = state;
  cancel.onclick = () => state.close(problem ? problem.outcome : "cancelled", problem ? problem.detail : "");
  choose.onclick = () => file.click();
  file.onchange = async () => {
    const picked = file.files && file.files[0];
    if (!picked) return;
    const bytes = new Uint8Array(await picked.arrayBuffer());
    file.value = "";
    const why = readFile(bytes, picked.name);
    if (why === "") state.close("found", "");
    else line.textContent = why;
  };

  // Reads a frame a fifth of a second, on a picture no wider than 960.
  const look = () => {
    if (open !== state) return;
    if (video.readyState >= 2 && video.videoWidth > 0) {
      const scale = Math.min(1, 960 / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      if (readFrame(canvas.width, canvas.height, new Uint8Array(frame.data.buffer))) {
        state.close("found", "");
        return;
      }
    }
    timer = setTimeout(look, 200);
  };

  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    problem = { outcome: "none", detail: "" };
    line.textContent = labels.none;
    return;
  }
  navigator.mediaDevices
    .getUserMedia({ video: { facingMode: "environment" }, audio: false })
    .then((media) => {
      if (open !== state) {
        media.getTracks().forEach((t) => t.stop());
        return;
      }
      stream = media;
      video.srcObject = media;
      return video.play().then(look);
    })
    .catch((error) => {
      // The layer stays open, saying why, with "Choose a picture…" still there.
      const denied = error && (error.name === "NotAllowedError" || error.name === "SecurityError");
      const none = error && (error.name === "NotFoundError" || error.name === "OverconstrainedError");
      problem = { outcome: denied ? "denied" : none ? "none" : "failed", detail: String(error) };
      line.textContent = denied ? labels.denied : none ? labels.none : labels.failed + " (" + error + ")";
    });
}
