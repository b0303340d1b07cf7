import { useCallback, useEffect, useState } from 'react';

const COLLAPSED_KEY = 'sidebar-collapsed';

/** Desktop collapse (remembered across visits) and the mobile drawer (closed by Esc). */
export function useSidebar() {
  const [collapsed, setCollapsed] = useState(() => readCollapsed());
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
      } catch {
        // Private mode or full storage: the preference just is not remembered.
      }
      return next;
    });
  }, []);

  const openMobile = useCallback(() => setMobileOpen(true), []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen]);

  return { collapsed, toggleCollapsed, mobileOpen, openMobile, closeMobile };
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}
