import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM sealing of the credentials the owner enters in the console (docs/rules/connectors.md §2).
 * A sealed value is IV (12 bytes) ‖ tag (16) ‖ ciphertext; the connector and secret names are bound in as
 * additional data, so a sealed value copied onto another row does not open.
 */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** Reads a key given as 64 hexadecimal digits or as base64 of 32 bytes; null when unset. */
export function parseSecretKey(text: string | undefined): SecretKey | null {
  if (text === undefined || text.trim() === '') return null;
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('CONNECTOR_SECRETS_KEY must be 32 bytes: 64 hex digits or base64');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

function aad(connector: string, name: string): Buffer {
  return Buffer.from(`${connector}\u0000${name}`, 'utf8');
}

export function seal(k: SecretKey, connector: string, name: string, value: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k.key, iv);
  cipher.setAAD(aad(connector, name));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The value, or null when the bytes were not sealed by this key for this connector and name. */
export function unseal(k: SecretKey, connector: string, name: string, sealed: Buffer): string | null {
  if (sealed.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', k.key, sealed.subarray(0, 12));
    decipher.setAAD(aad(connector, name));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
