/** The pt-BR reset e-mail: plain text, and a simple HTML copy whose every substituted value is escaped. */
import { RESET_LINK_TTL_MINUTES } from '@shared/auth/password-reset.ts';
import type { OutgoingMail } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function resetMessage(to: { name: string; email: string }, link: string): OutgoingMail {
  const lines = {
    greeting: `Olá, ${to.name}!`,
    asked: `Recebemos um pedido para redefinir a senha da sua conta no Canalize (${to.email}).`,
    open: `Para escolher uma nova senha, abra o link abaixo em até ${RESET_LINK_TTL_MINUTES} minutos. Ele só pode ser usado uma vez.`,
    ignore: 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  };
  const text = [lines.greeting, '', lines.asked, '', lines.open, link, '', lines.ignore, ''].join('\n');
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Redefinir senha</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    `<p>${escapeHtml(lines.greeting)}</p>`,
    `<p>${escapeHtml(lines.asked)}</p>`,
    `<p>${escapeHtml(lines.open)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">Redefinir senha</a></p>`,
    `<p style="font-size:13px;color:#475569">Se o botão não abrir, copie este endereço no navegador:<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(lines.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: 'Redefinição de senha do Canalize', text, html };
}
