import { Bot, MessageCircle, Workflow } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-logo.tsx';

const HIGHLIGHTS = [
  { icon: Bot, text: 'Cadastre seus bots do Telegram em segundos' },
  { icon: Workflow, text: 'Automatize boas-vindas e fluxos de mensagens' },
  { icon: MessageCircle, text: 'Converse com seus contatos de qualquer lugar' },
];

/** Two columns on large screens: the brand panel and the form. Phones get the form with a small logo on top. */
export function AuthLayout({ title, subtitle, documentTitle, children, footer }: {
  title: string;
  subtitle?: string;
  documentTitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${documentTitle} | Canalize`;
  }, [documentTitle]);

  return (
    <div className="flex min-h-dvh bg-white">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-700 p-12 text-white lg:flex">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-white/10 blur-2xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl" />
        <BrandLogo light className="relative" />
        <div className="relative">
          <p className="text-4xl leading-tight font-bold tracking-tight">Comece a gerenciar seus bots agora</p>
          <p className="mt-4 max-w-sm text-lg text-indigo-100">
            Bots, canais, fluxos e contatos do Telegram em um só lugar, no computador ou no celular.
          </p>
          <ul className="mt-10 space-y-4">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-indigo-50">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/15">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-indigo-200">Feito para quem opera bots e canais no Telegram.</p>
      </aside>

      <div className="flex flex-1 flex-col">
        <main className="flex flex-1 items-center justify-center px-5 py-10 sm:px-8">
          <div className="w-full max-w-md">
            <BrandLogo className="mb-10 lg:hidden" />
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-2 text-slate-600">{subtitle}</p>}
            <div className="mt-8">{children}</div>
            {footer && <div className="mt-8 text-center text-sm text-slate-600">{footer}</div>}
          </div>
        </main>
        <footer className="px-6 py-6 text-center text-xs text-slate-500">© {new Date().getFullYear()} Canalize. Todos os direitos reservados.</footer>
      </div>
    </div>
  );
}
