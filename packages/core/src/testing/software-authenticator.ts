import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { encodeCbor } from './cbor.ts';

/**
 * A WebAuthn authenticator in software, for tests: it keeps ES256 (P-256) key pairs, answers
 * `navigator.credentials.create` with a `none` attestation and `get` with signed assertions,
 * building authenticator data (rpIdHash, flags, signature counter, attested credential data) and
 * client data exactly as the WebAuthn Level 2 specification lays them out. It plays the browser
 * and the authenticator together, so a test chooses what a real one would decide: the page's
 * origin, whether the person was verified (UV), the counter.
 *
 * It takes and returns the JSON forms `@simplewebauthn/browser` exchanges with a server
 * (`register`, `authenticate`), and can stand in for `navigator.credentials` (`credentialsApi`),
 * so the official clients run their real browser code against it.
 */

type Json = Record<string, unknown>;

export interface CreationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { alg: number; type: string }[];
  excludeCredentials?: { id: string; type: string; transports?: string[] }[];
  authenticatorSelection?: { authenticatorAttachment?: string };
}

export interface RequestOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string; type: string; transports?: string[] }[];
}

/** What the page and the person do in one ceremony. */
export interface Gesture {
  /** The page's origin, written into clientDataJSON. */
  origin: string;
  /** The UV flag: the person was verified (PIN, biometrics); default true. */
  userVerified?: boolean;
  /** The UP flag; default true. */
  userPresent?: boolean;
  /** Sign for this RP id instead of the one the options name (a phishing page's). */
  rpId?: string;
  /** Sign with a challenge other than the options' (a replayed response). */
  challenge?: string;
  /** `webauthn.create` / `webauthn.get` unless set. */
  type?: string;
  /**
   * Registration only: attest this existing credential again (same id and key), ignoring
   * `excludeCredentials`, as a modified client could, to register one credential twice.
   */
  reuseCredential?: string;
}

export interface AssertionGesture extends Gesture {
  /** The signature counter to report; default the previous one + `counterStep`. */
  counter?: number;
  /** Which credential answers; default the first one allowed (or any for this RP id). */
  credentialId?: string;
  /** Corrupt the signature (a forged assertion). */
  tamperSignature?: boolean;
}

export interface AuthenticatorSettings {
  /** The model's AAGUID; default all zeros, as most platform authenticators report. */
  aaguid?: string;
  /** Backup eligible and backed up (a synced passkey: `multiDevice`); default false. */
  synced?: boolean;
  /** Transports the browser reports for new credentials; default `['internal']`. */
  transports?: string[];
  /** How much the counter grows per assertion; 0 for authenticators without one. Default 1. */
  counterStep?: number;
}

export interface StoredCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

const ES256 = -7;
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

export class SoftwareAuthenticator {
  readonly credentials = new Map<string, StoredCredential>();
  readonly #settings: Required<AuthenticatorSettings>;

  constructor(settings: AuthenticatorSettings = {}) {
    this.#settings = {
      aaguid: settings.aaguid ?? '00000000-0000-0000-0000-000000000000',
      synced: settings.synced ?? false,
      transports: settings.transports ?? ['internal'],
      counterStep: settings.counterStep ?? 1,
    };
  }

  /** `navigator.credentials.create`: a new key pair and its attestation (format `none`). */
  async register(options: CreationOptionsJSON, gesture: Gesture): Promise<Json> {
    if (!options.pubKeyCredParams.some((p) => p.alg === ES256)) {
      throw new DOMException('No supported algorithm', 'NotSupportedError');
    }
    const rpId = gesture.rpId ?? options.rp.id ?? new URL(gesture.origin).hostname;
    const reused = gesture.reuseCredential ? this.credentials.get(gesture.reuseCredential) : undefined;
    if (!reused && options.excludeCredentials?.some((c) => this.credentials.get(c.id)?.rpId === rpId)) {
      throw new DOMException('The authenticator was previously registered', 'InvalidStateError');
    }
    const { privateKey, publicKey } = reused ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = reused ? Buffer.from(reused.id, 'base64url') : randomBytes(16);
    const id = b64url(rawId);
    const credential = { id, rpId, userHandle: options.user.id, privateKey, publicKey, counter: 0 };
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = encodeCbor(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, ES256],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const attested = Buffer.concat([this.#aaguidBytes(), idLength, rawId, coseKey]);
    const authData = this.#authenticatorData(rpId, gesture, 0, FLAG_AT, attested);
    const clientDataJSON = this.#clientData('webauthn.create', options.challenge, gesture);
    const attestationObject = encodeCbor(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.set(id, credential);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: this.#settings.transports,
        publicKeyAlgorithm: ES256,
        publicKey: b64url(publicKey.export({ format: 'der', type: 'spki' })),
        authenticatorData: b64url(authData),
      },
      clientExtensionResults: {},
      authenticatorAttachment: options.authenticatorSelection?.authenticatorAttachment ?? 'platform',
    };
  }

  /** `navigator.credentials.get`: an assertion signed by one of this authenticator's credentials. */
  async authenticate(options: RequestOptionsJSON, gesture: AssertionGesture): Promise<Json> {
    const scope = options.rpId ?? new URL(gesture.origin).hostname;
    const credential = this.#pick(options, scope, gesture.credentialId);
    const rpId = gesture.rpId ?? scope;
    credential.counter = gesture.counter ?? credential.counter + this.#settings.counterStep;
    const authData = this.#authenticatorData(rpId, gesture, credential.counter, 0);
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, gesture);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    if (gesture.tamperSignature) signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 0xff;
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * A stand-in for `navigator.credentials` on a page at `origin`, in the browser's own types
   * (ArrayBuffers in, PublicKeyCredential-shaped objects out), so `@simplewebauthn/browser`'s
   * `startRegistration` / `startAuthentication` run unchanged. `gesture` is asked per ceremony.
   */
  credentialsApi(origin: string, gesture: () => Omit<AssertionGesture, 'origin'> = () => ({})) {
    return {
      create: async (init: { publicKey: Json }) =>
        toBrowserCredential(
          await this.register(jsonFromBrowser(init.publicKey) as never, { ...gesture(), origin }),
        ),
      get: async (init: { publicKey: Json }) =>
        toBrowserCredential(
          await this.authenticate(jsonFromBrowser(init.publicKey) as never, { ...gesture(), origin }),
        ),
    };
  }

  #pick(options: RequestOptionsJSON, rpId: string, wanted: string | undefined): StoredCredential {
    const allowed = options.allowCredentials?.map((c) => c.id);
    for (const credential of this.credentials.values()) {
      if (credential.rpId !== rpId) continue;
      if (wanted !== undefined && credential.id !== wanted) continue;
      if (allowed && allowed.length > 0 && !allowed.includes(credential.id)) continue;
      return credential;
    }
    throw new DOMException('No credential is available', 'NotAllowedError');
  }

  #aaguidBytes(): Buffer {
    return Buffer.from(this.#settings.aaguid.replace(/-/g, ''), 'hex');
  }

  #authenticatorData(
    rpId: string,
    gesture: Gesture,
    counter: number,
    extraFlags: number,
    tail?: Buffer,
  ): Buffer {
    let flags = extraFlags;
    if (gesture.userPresent !== false) flags |= FLAG_UP;
    if (gesture.userVerified !== false) flags |= FLAG_UV;
    if (this.#settings.synced) flags |= FLAG_BE | FLAG_BS;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes, ...(tail ? [tail] : [])]);
  }

  #clientData(type: string, challenge: string, gesture: Gesture): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: gesture.type ?? type,
        challenge: gesture.challenge ?? challenge,
        origin: gesture.origin,
        crossOrigin: false,
      }),
    );
  }
}

/** The browser's creation/request options (ArrayBuffers) back in their JSON form. */
function jsonFromBrowser(options: Json): Json {
  const buffer = (value: unknown) => b64url(new Uint8Array(value as ArrayBuffer));
  const descriptors = (list: unknown) =>
    (list as { id: ArrayBuffer; type: string; transports?: string[] }[] | undefined)?.map((c) => ({
      ...c,
      id: buffer(c.id),
    }));
  const user = options.user as { id: ArrayBuffer } | undefined;
  return {
    ...options,
    challenge: buffer(options.challenge),
    ...(user ? { user: { ...user, id: buffer(user.id) } } : {}),
    excludeCredentials: descriptors(options.excludeCredentials),
    allowCredentials: descriptors(options.allowCredentials),
  };
}

/** A PublicKeyCredential-shaped object, as `navigator.credentials` resolves. */
function toBrowserCredential(json: Json) {
  const bytes = (text: unknown) => {
    const data = Buffer.from(String(text), 'base64url');
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  };
  const response = json.response as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const name of [
    'clientDataJSON',
    'attestationObject',
    'authenticatorData',
    'signature',
    'userHandle',
  ]) {
    if (response[name] !== undefined) fields[name] = bytes(response[name]);
  }
  return {
    id: json.id,
    rawId: bytes(json.id),
    type: 'public-key',
    authenticatorAttachment: json.authenticatorAttachment,
    response: {
      ...fields,
      ...(response.attestationObject
        ? {
            getTransports: () => response.transports,
            getPublicKeyAlgorithm: () => response.publicKeyAlgorithm,
            getPublicKey: () => bytes(response.publicKey),
            getAuthenticatorData: () => bytes(response.authenticatorData),
          }
        : {}),
    },
    getClientExtensionResults: () => ({}),
  };
}
