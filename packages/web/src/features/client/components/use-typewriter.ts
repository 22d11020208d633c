import { useEffect, useState } from 'react';

/** Reveals text one character at a time (spec 000 §2.8: 100 ms per character). */
export function useTypewriter(text: string, msPerChar = 100): string {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    setShown(0);
    const timer = setInterval(() => {
      setShown((n) => {
        if (n >= text.length) {
          clearInterval(timer);
          return n;
        }
        return n + 1;
      });
    }, msPerChar);
    return () => clearInterval(timer);
  }, [text, msPerChar]);
  return text.slice(0, shown);
}
