import type { Language } from '@edc/domain';
import type { Mail } from '../../platform/mail/mailer.js';

export function supportTicketMail(
  to: string,
  ticket: { email: string; topic: string; description: string },
  lang: Language,
): Mail {
  return lang === 'en'
    ? {
        to,
        subject: `Help request: ${ticket.topic || '(no topic)'}`,
        text: `From: ${ticket.email}\nTopic: ${ticket.topic}\n\n${ticket.description}`,
      }
    : {
        to,
        subject: `Обращение в поддержку: ${ticket.topic || '(без темы)'}`,
        text: `От: ${ticket.email}\nТема: ${ticket.topic}\n\n${ticket.description}`,
      };
}
