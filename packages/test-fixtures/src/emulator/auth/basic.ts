/** Credentials of an HTTP Basic `Authorization` header (RFC 7617, client auth of RFC 6749 2.3.1). */
export interface BasicCredentials {
  /** Candidate ids: as sent, and form-url-decoded when that differs (RFC 6749 2.3.1). */
  clientIds: string[];
  /** Candidate secrets: as sent, and form-url-decoded when that differs (RFC 6749 2.3.1). */
  secrets: string[];
}

const BASIC = /^Basic[ \t]+([A-Za-z0-9+/=_-]+)[ \t]*$/i;

function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function candidates(raw: string): string[] {
  const decoded = formDecode(raw);
  return decoded !== undefined && decoded !== raw && decoded !== '' ? [raw, decoded] : [raw];
}

/**
 * Parses `Authorization: Basic base64(id:secret)`. RFC 6749 wants id and secret form-url-encoded
 * before base64, but most clients do not encode; both readings are accepted, the raw one first.
 * Returns undefined when the header is absent or malformed.
 */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | undefined {
  if (header === undefined) return undefined;
  const match = BASIC.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const rawId = decoded.slice(0, colon);
  const rawSecret = decoded.slice(colon + 1);
  if (rawSecret === '') return undefined;
  return { clientIds: candidates(rawId), secrets: candidates(rawSecret) };
}
