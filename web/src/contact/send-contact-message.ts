import { CONTACT_TEXTS, type ContactMessage } from './contact-message';

const CONTACT_URL = '/api/v1/contact';

export type ContactOutcome = { sent: true; message: string } | { sent: false; message: string };

/** The server answers `{ result: 'success' | 'error', message }`; anything else counts as a failure. */
function readReply(body: unknown): { result?: unknown; message?: unknown } {
  return typeof body === 'object' && body !== null ? body : {};
}

export async function sendContactMessage(message: ContactMessage): Promise<ContactOutcome> {
  let response: Response;
  try {
    response = await fetch(CONTACT_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        name: message.name.trim(),
        email: message.email.trim(),
        subject: message.subject.trim(),
        message: message.message.trim(),
        acceptedTerms: message.acceptedTerms,
      }),
    });
  } catch {
    return { sent: false, message: CONTACT_TEXTS.unreachable };
  }

  const reply = readReply(await response.json().catch(() => null));
  if (response.ok && reply.result === 'success') return { sent: true, message: CONTACT_TEXTS.sent };
  const serverMessage = typeof reply.message === 'string' && reply.message.trim() !== '' ? reply.message : null;
  return { sent: false, message: serverMessage ?? CONTACT_TEXTS.failed };
}
