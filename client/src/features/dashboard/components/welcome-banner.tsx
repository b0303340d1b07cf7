import { Sparkles } from 'lucide-react';
import { formatLongDate } from '../../../lib/format.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

export function WelcomeBanner({ name }: { name: string | undefined }) {
  const firstName = name?.trim().split(/\s+/)[0];
  return (
    <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-violet-600 px-6 py-7 text-white shadow-sm sm:px-8">
      <div aria-hidden="true" className="absolute -top-16 -right-10 size-56 rounded-full bg-white/10 blur-2xl" />
      <div className="relative">
        <p className="flex items-center gap-1.5 text-sm font-medium text-indigo-100 first-letter:uppercase">
          <Sparkles aria-hidden="true" className="size-4" />
          <span className="first-letter:uppercase">{formatLongDate(new Date())}</span>
        </p>
        <h2 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{firstName ? <>Olá, <UserText>{firstName}</UserText>!</> : 'Olá!'}</h2>
        <p className="mt-1.5 max-w-xl text-indigo-100">Acompanhe seus bots, canais e fluxos do Telegram em um só lugar.</p>
      </div>
    </section>
  );
}
