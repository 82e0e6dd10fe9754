import { useEffect, useState } from "react";
import { serverNow } from "./serverClock";

/** The current time by the server's clock, re-read every `everyMs` (countdowns that tick without a timer each). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date(serverNow()));
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date(serverNow())), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
