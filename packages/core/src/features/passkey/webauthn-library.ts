/**
 * @simplewebauthn/server, loaded by the first ceremony that verifies a browser's answer instead of
 * with the engine. With the certificate parsers it brings (the @peculiar/asn1 family) it takes about
 * 300 ms to load, a seventh of loading the whole engine, which every server copy, CLI command and
 * test process would otherwise pay whether or not it ever sees a passkey.
 */
type WebAuthnLibrary = typeof import('@simplewebauthn/server');

let loading: Promise<WebAuthnLibrary> | undefined;

export const webauthnLibrary = (): Promise<WebAuthnLibrary> => (loading ??= import('@simplewebauthn/server'));
