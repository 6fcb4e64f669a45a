import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** The router scrolls to the top 100 ms after a navigation (spec §2). */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo(0, 0), 100);
    return () => window.clearTimeout(timer);
  }, [location]);
  return null;
}
