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

/** Someone registered with an e-mail that already has an account: its owner is told, nothing is created. */
export function accountExistsMail(to: string, publicUrl: string, lang: Language): Mail {
  const signIn = `${publicUrl}/login`;
  const restore = `${publicUrl}/restorePassword`;
  return lang === 'en'
    ? {
        to,
        subject: 'Registration with your e-mail',
        text: `Someone (perhaps you) tried to register with this e-mail, but it already has an account. Sign in:\n${signIn}\n\nForgot the password? Restore it:\n${restore}\n\nIf it was not you, ignore this letter: nothing has changed.`,
        links: [signIn, restore],
      }
    : {
        to,
        subject: 'Регистрация с вашим e-mail',
        text: `Кто-то (возможно, вы) пытался зарегистрироваться с этим e-mail, но учётная запись с ним уже есть. Войдите:\n${signIn}\n\nЗабыли пароль? Восстановите его:\n${restore}\n\nЕсли это были не вы, просто проигнорируйте письмо: ничего не изменилось.`,
        links: [signIn, restore],
      };
}
