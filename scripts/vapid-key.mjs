// `node scripts/vapid-key.mjs`: a new VAPID key for Web Push (RFC 8292). The private key, a P-256 JWK,
// goes to standard output, ready for `wrangler secret put VAPID_PRIVATE_KEY`; the public key browsers
// subscribe with (the app serves it at /api/push/key) goes to standard error.
import { newVapidKey } from "./lib/dev-vars.mjs";

const jwk = newVapidKey();
const { x, y } = JSON.parse(jwk);
const point = Buffer.concat([Buffer.from([4]), Buffer.from(x, "base64url"), Buffer.from(y, "base64url")]);
process.stdout.write(`${jwk}\n`);
process.stderr.write(`Public key: ${point.toString("base64url")}\n`);
