import type { Language } from '@edc/domain';
import type { Mail } from '../../platform/mail/mailer.js';

export function restorePasswordMail(to: string, link: string, lang: Language): Mail {
  return lang === 'en'
    ? {
        to,
        subject: 'Password restore',
        text: `To set a new password, open this link within 24 hours:\n${link}\n\nIf you did not ask for it, ignore this letter.`,
        links: [link],
      }
    : {
        to,
        subject: 'Восстановление пароля',
        text: `Чтобы задать новый пароль, откройте ссылку в течение 24 часов:\n${link}\n\nЕсли вы не запрашивали восстановление, просто проигнорируйте это письмо.`,
        links: [link],
      };
}

export function invitationMail(to: string, link: string, lang: Language): Mail {
  return lang === 'en'
    ? {
        to,
        subject: 'Your EDC account',
        text: `An account has been created for you. To set your password, open this link within 24 hours:\n${link}`,
        links: [link],
      }
    : {
        to,
        subject: 'Ваша учётная запись EDC',
        text: `Для вас создана учётная запись. Чтобы задать пароль, откройте ссылку в течение 24 часов:\n${link}`,
        links: [link],
      };
}
