// The page around the firmware: loads MicroPython's WebAssembly port, writes the .mpy
// build into its filesystem, and gives boards/web its `scannerjs` module (the canvas, the
// ring, WebAudio, the browser's storage). page.py steps the device; this file only draws,
// sounds, stores, and turns pointers and keys into button edges.
// URL options (for tests and the curious): ?seed=N deals as headless --seed N does;
// ?speed=N runs the clock N times as fast.
import { loadMicroPython } from "./mp/micropython.mjs";

const W = 296, H = 128, FRAME = W * H / 8, RING = 16;
const MASK = 2 ** 30 - 1;
const HEAP = 160 * 1024; // a Pico W's, as the host tests cap it (the port may grow it)
const PREFIX = "scanner-state/"; // localStorage key prefix: one key per file of /state
const INK = [17, 17, 17], PAPER = [201, 202, 196], FLASH_MS = 180;
const params = new URLSearchParams(location.search);
const speed = Number(params.get("speed")) || 1;
const seed = params.has("seed") ? Number(params.get("seed")) : (Math.random() * 2 ** 30) | 0;
const t0 = performance.now();
const ticks = () => Math.floor((performance.now() - t0) * speed) % (MASK + 1);

const canvas = document.getElementById("screen");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(W, H);
const note = document.getElementById("note");
const leds = [];
let mp = null, page = null, board = null, audio = null, muted = false, storageOk = true;
let tune = [], wakeLock = null, failed = false;

// -- the glass -------------------------------------------------------------------------
function paint(bytes, rotated, fill) {
  const d = image.data;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const ink = fill === undefined ? (bytes[(y >> 3) * W + x] >> (y & 7)) & 1 : fill;
      const i = rotated ? ((H - 1 - y) * W + (W - 1 - x)) * 4 : (y * W + x) * 4;
      const c = ink ? INK : PAPER;
      d[i] = c[0]; d[i + 1] = c[1]; d[i + 2] = c[2]; d[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
}

let shown = 0; // frames put on the glass: the tests wait on it
function frame(address, full, rotated) {
  const bytes = mp._module.HEAPU8.slice(address, address + FRAME);
  if (!full) {
    paint(bytes, rotated);
    shown++;
    return 150;
  }
  // A full refresh flashes the glass, black then white, before the picture settles.
  paint(null, rotated, 1);
  setTimeout(() => paint(null, rotated, 0), FLASH_MS);
  setTimeout(() => { paint(bytes, rotated); shown++; }, 2 * FLASH_MS);
  return 2 * FLASH_MS + 120;
}

// -- the ring --------------------------------------------------------------------------
function makeRing() {
  const ring = document.getElementById("ring");
  for (let i = 0; i < RING; i++) {
    const led = document.createElement("i");
    const a = (i / RING) * 2 * Math.PI - Math.PI / 2; // LED 0 at the top, clockwise
    led.style.left = 50 + 44 * Math.cos(a) + "%";
    led.style.top = 50 + 44 * Math.sin(a) + "%";
    ring.appendChild(led);
    leds.push(led);
  }
}

let lastRing = "";
function ring(address, brightness) {
  const b = mp._module.HEAPU8.slice(address, address + 3 * RING);
  const key = brightness + ":" + b.join(",");
  if (key === lastRing) return;
  lastRing = key;
  const level = brightness ? 0.45 + 0.11 * brightness : 0;
  for (let i = 0; i < RING; i++) {
    const [r, g, bl] = [b[3 * i], b[3 * i + 1], b[3 * i + 2]];
    const lit = level && (r || g || bl);
    leds[i].style.background = lit ? `rgb(${r},${g},${bl})` : "#1a1a1a";
    leds[i].style.opacity = lit ? level : 1;
    leds[i].style.boxShadow = lit ? `0 0 10px 3px rgb(${r},${g},${bl})` : "0 0 0 2px #444";
  }
}

// -- the buzzer, through WebAudio (started by the first tap: browsers' autoplay rule) ----
const GAIN = [0, 0.02, 0.06, 0.12]; // volume 0..3, as the buzzer's duty
function startAudio() {
  if (!audio && window.AudioContext) audio = new AudioContext();
  if (audio && audio.state === "suspended") audio.resume();
}

const tones = []; // the names of the last tunes played: the tests read them
function tone(name, notes, volume) {
  tones.push(name);
  if (tones.length > 16) tones.shift();
  for (const o of tune) o.stop();
  tune = [];
  if (!audio || muted || !volume) return;
  let t = audio.currentTime;
  for (const n of notes.split(" ")) {
    const [freq, ms] = n.split(",").map(Number);
    if (freq) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = "square";
      osc.frequency.value = freq;
      gain.gain.value = GAIN[Math.min(3, volume)];
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + ms / 1000);
      tune.push(osc);
    }
    t += ms / 1000;
  }
}

function sleep() {
  for (const o of tune) o.stop();
  tune = [];
}

// -- the state folder, mirrored to localStorage (a reload is a power cut) ---------------
const toText = (bytes) => Array.from(bytes, (c) => String.fromCharCode(c)).join("");
const toBytes = (text) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 255);

function restore(FS) {
  FS.mkdir("/state");
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const name = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : "";
      if (name && !name.includes("/") && name !== "." && name !== "..") {
        FS.writeFile("/state/" + name, toBytes(localStorage.getItem(key)));
      }
    }
  } catch (e) {
    storageOk = false;
    note.textContent = "This browser keeps no saves here (" + e.name + "): a reload starts afresh.";
  }
}

function sync() {
  if (!storageOk) return;
  const FS = mp.FS;
  const names = FS.readdir("/state").filter((n) => FS.isFile(FS.stat("/state/" + n).mode));
  try {
    for (const n of names) localStorage.setItem(PREFIX + n, toText(FS.readFile("/state/" + n)));
    const gone = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key.startsWith(PREFIX) && !names.includes(key.slice(PREFIX.length))) gone.push(key);
    }
    for (const key of gone) localStorage.removeItem(key);
  } catch (e) {
    storageOk = false;
    note.textContent = "The browser's storage refused a save (" + e.name + "): play goes on.";
  }
}

// -- buttons: pointers (touch and mouse, several at once for the chord) and keys ---------
function press(name, down) {
  if (board && !failed) board.set_button(name, down, ticks());
}

function wireButtons() {
  for (const el of document.querySelectorAll("#keys button")) {
    const name = el.dataset.b;
    const up = (e) => {
      if (!el.classList.contains("down")) return;
      el.classList.remove("down");
      press(name, false);
    };
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      startAudio();
      el.setPointerCapture(e.pointerId);
      el.classList.add("down");
      press(name, true);
    });
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("lostpointercapture", up);
    el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch
  }
  document.getElementById("chord").addEventListener("click", () => {
    startAudio();
    if (board) board.key("x", ticks());
  });
  const mute = document.getElementById("mute");
  const showMute = () => {
    mute.textContent = muted ? "Sound off" : "Sound on";
    mute.setAttribute("aria-pressed", String(muted));
  };
  try { muted = localStorage.getItem("scanner-mute") === "1"; } catch (e) { /* none kept */ }
  showMute();
  mute.addEventListener("click", () => {
    muted = !muted;
    sleep();
    try { localStorage.setItem("scanner-mute", muted ? "1" : "0"); } catch (e) { /* none */ }
    showMute();
  });
  window.addEventListener("keydown", (e) => {
    if (e.repeat || e.ctrlKey || e.metaKey || e.altKey || !board) return;
    startAudio();
    if (board.key(e.key, ticks())) e.preventDefault();
  });
}

// -- the screen kept awake while a timer runs -------------------------------------------
async function keepAwake() {
  const want = !failed && page && page.timing() && document.visibilityState === "visible";
  try {
    if (want && !wakeLock && navigator.wakeLock) {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!want && wakeLock) {
      await wakeLock.release();
      wakeLock = null;
    }
  } catch (e) { /* refused (no https, battery saver): the screen may dim */ }
}

// -- the loop: one poll, then the page's own timer until the next ---------------------
function fail(e) {
  failed = true;
  const box = document.getElementById("fail");
  box.style.display = "block";
  box.textContent = "The Scanner stopped: " + (e.message || e) + "\nReload the page to start it again: the device boots from what it saved.";
  note.textContent = "";
}

// An error that escapes the device resets it, as on a board (start.py, page.py): poll()
// returns RESET once the saves and the rescue file are written (and mirrored to the
// browser's storage), and the page reloads: a new MicroPython boots on them, straight
// back into the game. An exception out of the page's own JavaScript under the device
// unwinds MicroPython as it goes, which is then dead, as a hung board is: the reset is
// the watchdog's (start.py counts that the same way), its cause kept over the reload in
// sessionStorage, as a board's chip keeps why it reset. A reload, not a second MicroPython
// in this page: the port keeps one instance's state in globals, which a second one's
// would meet. STOP: it failed again after the boot that set the game aside; shown, not
// reset again. A browser that keeps no storage would lose the game in a reload: shown.
const RESET = -1, STOP = -2;
const RESET_KEY = "scanner-reset"; // sessionStorage: why the page reset itself
let asideBoot = false; // this boot set the saved game aside (its note on the screen)

function loop() {
  if (failed) return;
  let wait;
  try {
    wait = page.poll(ticks());
  } catch (e) {
    console.error(e);
    if (asideBoot) fail(e);
    else reset("watchdog", e);
    return;
  }
  if (wait === RESET) {
    reset("error", null);
    return;
  }
  if (wait === STOP) {
    fail(new Error("it failed again, just after it had set the saved game aside"));
    return;
  }
  setTimeout(loop, Math.max(1, Math.floor(wait / speed)));
}

function reset(cause, e) {
  failed = true; // no more polls or presses: the device is gone
  try {
    if (!storageOk) throw new Error("no storage");
    sessionStorage.setItem(RESET_KEY, cause);
  } catch (err) {
    fail(e || new Error("an error, and this browser keeps no saves to reset on"));
    return;
  }
  location.reload();
}

function resetCause() {
  // Why the page reset itself ("watchdog", "error"), once; null on a power-on.
  try {
    const why = sessionStorage.getItem(RESET_KEY);
    sessionStorage.removeItem(RESET_KEY);
    return why;
  } catch (e) {
    return null;
  }
}

async function boot() {
  makeRing();
  wireButtons();
  paint(null, false, 0);
  const why = resetCause();
  const files = await (await fetch("files.json")).json();
  const fsImage = new Uint8Array(await (await fetch("fs.bin")).arrayBuffer());
  mp = await loadMicroPython({
    heapsize: HEAP,
    url: new URL("mp/micropython.wasm", import.meta.url).href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  const FS = mp.FS;
  let at = 0;
  for (const [path, size] of files) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = "/" + parts.slice(0, i).join("/");
      if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
    }
    FS.writeFile("/" + path, fsImage.subarray(at, at + size));
    at += size;
  }
  restore(FS);
  mp.registerJsModule("scannerjs", { frame, ring, tone, sleep, sync });
  mp.runPython("import sys\nsys.path.insert(0, '/fw')");
  page = mp.pyimport("page").start(seed, ticks(), why === "watchdog" ? why : null);
  if (!page) { // a failed boot, counted as a board counts one (start.py): reset
    reset("error", null);
    return;
  }
  asideBoot = !!page.note;
  board = page.board;
  if (storageOk) note.textContent = why ? "The Scanner restarted after an error, as the device does." : "";
  window.scanner = {
    text: () => (failed ? "" : page.text()), // (a device that failed is not asked)
    shown: () => shown,
    frame: () => Array.from(ctx.getImageData(0, 0, W, H).data.filter((_, i) => i % 4 === 0), (v) => (v < 128 ? 1 : 0)).join(""),
    failed: () => failed,
    tones: () => tones.slice(),
  };
  loop();
  setInterval(keepAwake, 1000);
  document.addEventListener("visibilitychange", keepAwake);
}

if ("serviceWorker" in navigator && (location.protocol === "https:" || location.hostname === "localhost" || location.hostname === "127.0.0.1")) {
  navigator.serviceWorker.register("sw.js").catch(() => { /* online only, then */ });
}
boot().catch(fail);
