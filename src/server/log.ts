import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-api-key"]'] });
}
