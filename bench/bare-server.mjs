/* global process, console */
// The baseline of the request-overhead bench: a bare node:http server answering a small JSON,
// in its own process (as the app server is), so that it does not share a CPU with autocannon's
// event loop. Prints its URL on stdout.
import { createServer } from 'node:http';

const body = JSON.stringify({ username: 'bare', accountId: 1, accountName: 'Bare server', resourceUnits: 'Time' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`bare server running at http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
