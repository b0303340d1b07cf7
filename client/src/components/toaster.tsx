/**
 * sonner's Toaster, mounted once sonner has loaded (lib/toast.ts loads it with the first toast), so the first page
 * does not download it. Same props as sonner's.
 */
import { useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { currentSonner, onSonnerLoad } from '../lib/toast.ts';

export function Toaster(props: ToasterProps) {
  const [sonner, setSonner] = useState(currentSonner);
  useEffect(() => {
    const stop = onSonnerLoad((loaded) => setSonner(() => loaded));
    // Loaded between the first render and this effect.
    const loaded = currentSonner();
    if (loaded) setSonner(() => loaded);
    return stop;
  }, []);
  return sonner ? <sonner.Toaster {...props} /> : null;
}
