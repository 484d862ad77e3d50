// Keeps one child process running, as an orchestrator does for the fleet: a crash (an exit we did
// not ask for) is said in the log and the child starts again, after a pause that doubles while it
// keeps crashing at once (1 s up to 30 s; back to 1 s once it ran a minute). SIGINT and SIGTERM go
// to the child, and the supervisor ends with it.
import { spawn } from 'node:child_process';

export function supervise(
  command,
  args,
  { env, cwd, log = (line) => console.error(line), minDelayMs = 1000, maxDelayMs = 30_000, stableMs = 60_000 } = {},
) {
  let child;
  let stopping = false;
  let delay = minDelayMs;
  let timer;
  let resolveDone;
  const done = new Promise((resolve) => {
    resolveDone = resolve;
  });

  const start = () => {
    const startedAt = Date.now();
    child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (stopping) {
        resolveDone(code ?? 0);
        return;
      }
      if (Date.now() - startedAt >= stableMs) delay = minDelayMs;
      log(`▸ O servidor parou (${signal ?? `código ${code}`}); reiniciando em ${Math.round(delay / 1000)} s…`);
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  };
  start();

  return {
    /** The running child (a new one after each restart). */
    get child() {
      return child;
    },
    stop(signal = 'SIGTERM') {
      stopping = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      else resolveDone(child.exitCode ?? 0);
      return done;
    },
    done,
  };
}
