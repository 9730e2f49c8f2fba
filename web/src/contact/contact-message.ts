/** The body POSTed to /api/v1/contact (spec document 2, §3 "Contact message"). */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  acceptedTerms: boolean;
}

export const EMPTY_CONTACT_MESSAGE: ContactMessage = { name: '', email: '', subject: '', message: '', acceptedTerms: false };

/** What stops a message from going, by its text's key in locales/en/app/contact.json. */
export type ContactProblem = 'incomplete' | 'invalidEmail';

// Loose on purpose: the input is type=email and the server checks again; this only catches obvious slips.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem with a message before sending, or null when it can go. */
export function contactMessageProblem(message: ContactMessage): ContactProblem | null {
  const texts = [message.name, message.email, message.subject, message.message];
  if (texts.some((text) => text.trim() === '') || !message.acceptedTerms) return 'incomplete';
  if (!EMAIL_SHAPE.test(message.email.trim())) return 'invalidEmail';
  return null;
}
