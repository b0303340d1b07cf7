import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonClasses } from './ui/button.tsx';

function Fallback({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Canalize</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 max-w-md text-slate-600">{text}</p>
      <div className="mt-6 flex gap-3">{children}</div>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <Fallback title="Página não encontrada" text="O endereço que você abriu não existe ou foi removido.">
      <Link to="/dashboard" className={buttonClasses()}>
        Ir para o painel
      </Link>
    </Fallback>
  );
}

export function RouteErrorPage({ reset }: ErrorComponentProps) {
  return (
    <Fallback title="Algo deu errado" text="Não foi possível exibir esta página. Tente novamente.">
      <button type="button" className={buttonClasses()} onClick={reset}>
        Tentar novamente
      </button>
      <button type="button" className={buttonClasses({ variant: 'outline' })} onClick={() => window.location.reload()}>
        Recarregar
      </button>
    </Fallback>
  );
}
