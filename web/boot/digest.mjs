/* The SHA-256 of a snapshot's bytes as hex: made by snapshot_worker.mjs, checked by
 * pyodide_loader.mjs before a restore (a damaged copy starts plainly instead). */
export async function sha256hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
