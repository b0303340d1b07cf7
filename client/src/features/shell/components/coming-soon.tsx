import { Link } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

/** Stand-in page for an area a later release builds: says so plainly and offers a way back. */
export function ComingSoon({ area, description }: { area: string; description: string }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Construction aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-xl font-semibold text-slate-900">Em breve</h2>
      <p className="mt-2 max-w-md text-slate-600">
        A área <strong className="font-semibold text-slate-800">{area}</strong> está sendo preparada e chega em uma próxima versão do Canalize.
      </p>
      <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p>
      <Link to="/dashboard" className={buttonClasses({ variant: 'outline', className: 'mt-8' })}>
        Voltar ao painel
      </Link>
    </Card>
  );
}
