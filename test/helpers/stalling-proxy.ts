import net from 'node:net';

/**
 * A TCP proxy to a local server that can stall: `freeze()` stops passing bytes either way while the connections
 * stay open, as a server that hangs in the middle of an answer; `thaw()` lets them flow again (what was held goes
 * on). New connections are accepted while frozen and wait too.
 */
export async function startStallingProxy(targetPort: number) {
  let frozen = false;
  const waiting: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const pipe = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (!frozen) {
        to.write(chunk);
        return;
      }
      from.pause();
      waiting.push(() => {
        to.write(chunk);
        from.resume();
      });
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const go of waiting.splice(0)) go();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
