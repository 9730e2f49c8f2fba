import { translate } from '../i18n/use-messages';
import english from '../locales/en/app/contact.json';
import type { ContactMessage } from './contact-message';

const CONTACT_URL = '/api/v1/contact';

export type ContactOutcome = { sent: true; message: string } | { sent: false; message: string };

/** The server answers `{ result: 'success' | 'error', message }`; anything else counts as a failure. */
function readReply(body: unknown): { result?: unknown; message?: unknown } {
  return typeof body === 'object' && body !== null ? body : {};
}

/**
 * The reasons the server gives for refusing a message, as it words them (server/src/contact):
 * these are shown in the page's language, any other as the server sent it.
 */
const SERVER_REASONS = [
  'incomplete',
  'invalidEmail',
  'nameTooLong',
  'subjectTooLong',
  'messageTooLong',
  'tooManyFromYou',
  'tooManyNow',
  'unavailable',
] as const;

function inPageLanguage(serverMessage: string): string {
  const key = SERVER_REASONS.find((reason) => english[reason] === serverMessage);
  return key ? translate('contact', english, key) : serverMessage;
}

/** Sends the message; the outcome's text is in the page's language, but for a server reason not listed above, shown as it came. */
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
    return { sent: false, message: translate('contact', english, 'unreachable') };
  }

  const reply = readReply(await response.json().catch(() => null));
  if (response.ok && reply.result === 'success') return { sent: true, message: translate('contact', english, 'sent') };
  const serverMessage = typeof reply.message === 'string' && reply.message.trim() !== '' ? inPageLanguage(reply.message) : null;
  return { sent: false, message: serverMessage ?? translate('contact', english, 'failed') };
}
