/** Route table (index.ts): the probes, sign-up and sign-in, password reset, Minha conta. */
import { accountExportSchema } from '@shared/account/data-export.ts';
import { deleteAccountInputSchema, changePasswordInputSchema, deletionImpactResponseSchema } from '@shared/account/schemas.ts';
import { healthAnswerSchema, nothingAnswerSchema, readyAnswerSchema } from '@shared/api/answers.ts';
import {
  passwordResetAvailabilityResponseSchema, passwordResetCheckInputSchema, passwordResetCheckResponseSchema, passwordResetInputSchema,
  passwordResetRequestInputSchema, passwordResetRequestResponseSchema,
} from '@shared/auth/password-reset.ts';
import { authResponseSchema, loginInputSchema, logoutInputSchema, refreshInputSchema, refreshResponseSchema, registerInputSchema } from '@shared/auth/schemas.ts';
import { meResponseSchema, switchWorkspaceInputSchema, switchWorkspaceResponseSchema } from '@shared/team/schemas.ts';
import type { RouteGroup } from './route-doc.ts';

export const ACCOUNT_ROUTES: RouteGroup = {
  tag: 'Conta',
  description: 'Cadastro, entrada, sessão e a própria conta. Só com token de sessão (nunca com chave de API).',
  routes: {
    'GET /api/health': { summary: 'Verifica se o servidor responde', public: true, answer: healthAnswerSchema },
    'GET /api/ready': { summary: 'Verifica se o servidor está pronto (banco e migrações)', public: true, answer: readyAnswerSchema, errors: ['DATABASE_UNAVAILABLE', 'MIGRATIONS_PENDING', 'SERVER_STOPPING'] },
    'POST /api/auth/register': { summary: 'Cria uma conta', public: true, body: registerInputSchema, answer: authResponseSchema, status: 201, errors: ['REGISTRATION_REFUSED', 'TOO_MANY_ATTEMPTS'] },
    'POST /api/auth/login': { summary: 'Entra com e-mail e senha', public: true, body: loginInputSchema, answer: authResponseSchema, errors: ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'] },
    'POST /api/auth/refresh': { summary: 'Renova o token de acesso', public: true, body: refreshInputSchema, answer: refreshResponseSchema, errors: ['INVALID_REFRESH_TOKEN'] },
    'POST /api/auth/logout': { summary: 'Encerra a sessão', public: true, body: logoutInputSchema, answer: nothingAnswerSchema },
    'POST /api/auth/workspace': { summary: 'Troca a equipe da sessão', body: switchWorkspaceInputSchema, answer: switchWorkspaceResponseSchema },
    'GET /api/auth/me': { summary: 'Mostra a conta e a equipe da sessão', answer: meResponseSchema },
    'GET /api/auth/password-reset/': { summary: 'Diz se este servidor envia links de redefinição de senha', public: true, answer: passwordResetAvailabilityResponseSchema },
    'POST /api/auth/password-reset/request': {
      summary: 'Pede um link de redefinição de senha', public: true, body: passwordResetRequestInputSchema, answer: passwordResetRequestResponseSchema, status: 202,
      errors: ['PASSWORD_RESET_UNAVAILABLE', 'EMAIL_NOT_SENT', 'TOO_MANY_ATTEMPTS'],
    },
    'POST /api/auth/password-reset/check': {
      summary: 'Confere um link de redefinição', public: true, body: passwordResetCheckInputSchema, answer: passwordResetCheckResponseSchema,
      errors: ['RESET_LINK_INVALID', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED'],
    },
    'POST /api/auth/password-reset/confirm': {
      summary: 'Define a nova senha pelo link', public: true, body: passwordResetInputSchema, answer: authResponseSchema,
      errors: ['RESET_LINK_INVALID', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED'],
    },
    'POST /api/account/password': { summary: 'Troca a senha', body: changePasswordInputSchema, answer: nothingAnswerSchema, errors: ['WRONG_PASSWORD', 'TOO_MANY_ATTEMPTS'] },
    'POST /api/account/sign-out-everywhere': { summary: 'Encerra todas as sessões da conta', answer: nothingAnswerSchema },
    'GET /api/account/deletion-impact': { summary: 'Mostra o que a exclusão da conta apaga', answer: deletionImpactResponseSchema },
    'DELETE /api/account/': { summary: 'Exclui a conta', body: deleteAccountInputSchema, answer: nothingAnswerSchema, errors: ['WRONG_PASSWORD', 'TOO_MANY_ATTEMPTS', 'FOUNDER_PROTECTED'] },
    'GET /api/account/export': { summary: 'Baixa todos os dados da equipe (LGPD)', media: 'attachment/json', answer: accountExportSchema },
  },
};
