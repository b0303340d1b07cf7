import { Plus } from 'lucide-react';

/** The phone's floating "+": the library comes up as a sheet. */
export function AddNodeButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label="Adicionar nó"
      className="absolute right-4 bottom-4 z-10 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg active:bg-brand-700"
      onClick={onClick}
    >
      <Plus aria-hidden="true" className="size-7" />
    </button>
  );
}
