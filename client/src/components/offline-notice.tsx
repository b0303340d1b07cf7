import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a screen can and cannot do without a connection, shown while offline. */
export function OfflineNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800">
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
