// The access logs' rules without zod: the web app's beacon and report screen use them (see
// access-logs.ts for the contract).

export const ACCESS_LOG_PATHS = ['/api/access-logs', '/api/access_logs'] as const;
/** The screen of the root path, which has no first segment. */
export const DEFAULT_ACCESS_LOG_CONTROLLER = 'home';
export const ACCESS_LOG_LIMITS = {
  controller: 100,
  /** A beacon covers one stretch of activity on one screen: a day is far beyond any real one. */
  activeTimeSeconds: 86_400,
  /** The longest period one report covers. */
  reportDays: 366,
} as const;

/** The first path segment of a screen's path ('/atendimento/12' -> 'atendimento'; '/' -> 'home'). */
export function accessLogController(pathname: string): string {
  const first = pathname.split('/').find((segment) => segment !== '') ?? '';
  return first.slice(0, ACCESS_LOG_LIMITS.controller) || DEFAULT_ACCESS_LOG_CONTROLLER;
}

const DAY_MS = 86_400_000;
/** Days from `start` to `end`, both counted. */
export const daysInRange = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;

/** '1 h 05 min', '12 min', '40 s': how long a user was active. */
export function formatActiveTime(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
