import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { errorToken } from '../../../shared/error-tokens';
import type { TPasskeyOptions } from '../../../shared/schemas/passkeys';

/*
 * Issue 41 §3 (decision 0400): the browser's side of passkeys, @simplewebauthn/browser. Loaded
 * only when a passkey is used (the login page keeps its JS small). The server's options are passed
 * on as they came; a ceremony the user cancels (or the browser refuses) becomes PASSKEY_CANCELLED,
 * a catalogue code the error texts translate.
 */

function refused(error: unknown): Error {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new Error(errorToken('PASSKEY_OTHER_ACCOUNT'));
  if (error instanceof Error && /NotAllowed|Abort|cancel|WebAuthnError/i.test(`${error.name} ${error.message}`)) return new Error(errorToken('PASSKEY_CANCELLED'));
  return new Error(errorToken('PASSKEY_CANCELLED'));
}

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

export async function createPasskey(options: TPasskeyOptions) {
  try {
    const r = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    // Plain objects (the input schema's loose objects take any further key).
    return { ...r, response: { ...r.response }, clientExtensionResults: { ...r.clientExtensionResults } };
  } catch (error) {
    throw refused(error);
  }
}

export async function signWithPasskey(options: TPasskeyOptions) {
  try {
    const r = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
    return { ...r, response: { ...r.response }, clientExtensionResults: { ...r.clientExtensionResults } };
  } catch (error) {
    throw refused(error);
  }
}
