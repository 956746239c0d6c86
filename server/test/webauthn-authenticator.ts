// A software passkey for the tests: a P-256 key from node:crypto, 'none' attestation and
// assertions built byte by byte as a browser's authenticator would (WebAuthn level 2), so
// the server's real checks (@simplewebauthn/server) run on them.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | Cbor[];

/** The little CBOR (RFC 8949) an attestation object needs: integers, strings, bytes, maps, arrays. */
export function cbor(v: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const b64u = (b: Buffer) => b.toString('base64url');

export interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export interface SoftPasskeyOptions {
  origin?: string;
  rpId?: string;
  /** The user-verified flag (UV); true like a passkey that asked for a PIN or a fingerprint. */
  userVerified?: boolean;
}

export class SoftPasskey {
  readonly id = randomBytes(16);
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;
  userHandle: string | null = null;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get credentialId(): string {
    return b64u(this.id);
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create's answer to registration options. */
  create(options: Options, o: SoftPasskeyOptions = {}) {
    const rpId = o.rpId ?? options.rp?.id ?? 'localhost';
    this.userHandle = options.user?.id ?? null;
    const cose = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLen, this.id, cbor(cose)]);
    // UP | UV | AT (attested credential data present).
    const flags = 0x01 | (o.userVerified === false ? 0 : 0x04) | 0x40;
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(rpId, flags, attested)],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge, o.origin ?? 'http://localhost:8080')),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get's answer to authentication options; the counter goes up first. */
  get(options: Options, o: SoftPasskeyOptions & { counter?: number } = {}) {
    const rpId = o.rpId ?? options.rpId ?? 'localhost';
    this.counter = o.counter ?? this.counter + 1;
    const authData = this.authData(rpId, 0x01 | (o.userVerified === false ? 0 : 0x04));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o.origin ?? 'http://localhost:8080');
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.key);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
