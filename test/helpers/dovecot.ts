import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real IMAP server for the mail tests: Debian's Dovecot (`dovecot-imapd`, installed by .ci/run), started in
 * the foreground on a free local port with a throw-away configuration, users file and Maildir, plaintext login
 * on loopback (Dovecot counts 127.0.0.1 as secured). Users are `name:password` lines, re-read by Dovecot when the
 * file changes, so `setPassword` takes effect at the next login. `stop()` kills the server as an outage would;
 * `start()` brings it back on the same port with the same mail.
 */
export const DOVECOT_BINARY = '/usr/sbin/dovecot';

/** Why the IMAP tests cannot run here, or null. CI installs Dovecot, so there a missing one is a failure. */
export function dovecotUnavailable(): string | null {
  if (fs.existsSync(DOVECOT_BINARY)) return null;
  if (process.env.CI)
    throw new Error(`Dovecot is missing at ${DOVECOT_BINARY}: .ci/run installs dovecot-imapd`);
  return `Dovecot is not installed (${DOVECOT_BINARY}); install dovecot-imapd to run the IMAP tests`;
}

export type Dovecot = {
  host: string;
  port: number;
  /** The Maildir root: a user's mail is in `<mailDir>/<user>` (the bench writes messages there before login). */
  mailDir: string;
  /** The server's log so far, for a failing test's message. */
  log(): string;
  setPassword(user: string, password: string): void;
  /**
   * With the acl option: the rights the owner keeps on one of its folders (Dovecot ACL letters, e.g. "lrsitekxa":
   * without "w" no flag but \Seen and \Deleted is permanent, and no keyword). The folder must exist.
   */
  restrictFolder(user: string, folder: string, rights: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForGreeting(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.once('data', (chunk) => {
        socket.destroy();
        resolve(chunk.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The ids Dovecot's processes run as: as root, Debian's dovecot/dovenull users; otherwise the caller itself. */
function processIdentity() {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) {
    const name = os.userInfo().username;
    const group = spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout.trim();
    return {
      internalUser: name,
      internalGroup: group,
      loginUser: name,
      uid: os.userInfo().uid,
      gid: os.userInfo().gid,
    };
  }
  const id = (flag: string, user: string) =>
    Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());
  return {
    internalUser: 'dovecot',
    internalGroup: 'dovecot',
    loginUser: 'dovenull',
    uid: id('-u', 'dovecot'),
    gid: id('-g', 'dovecot'),
  };
}

export async function startDovecot(
  users: Record<string, string>,
  options: {
    acl?: boolean;
    /**
     * The capabilities announced after login, in place of Dovecot's own (imap_capability): e.g. CONDSTORE without
     * QRESYNC, as Gmail offers, so the client takes that path.
     */
    capabilities?: string;
  } = {},
): Promise<Dovecot> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-test-'));
  fs.chmodSync(root, 0o755); // the login process, another user, reaches its sockets through this folder
  const mailDir = path.join(root, 'mail');
  const runDir = path.join(root, 'run');
  const usersFile = path.join(root, 'users');
  fs.mkdirSync(mailDir);
  fs.mkdirSync(runDir);
  const who = processIdentity();
  fs.chownSync(mailDir, who.uid, who.gid);
  const port = await freePort();
  const passwords = { ...users };
  const writeUsers = () =>
    fs.writeFileSync(
      usersFile,
      Object.entries(passwords)
        .map(([user, password]) => `${user}:{PLAIN}${password}\n`)
        .join(''),
      { mode: 0o644 },
    );
  writeUsers();
  const configFile = path.join(root, 'dovecot.conf');
  fs.writeFileSync(
    configFile,
    `base_dir = ${runDir}
state_dir = ${path.join(runDir, 'state')}
instance_name = dovecot-test-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
log_path = ${path.join(root, 'dovecot.log')}
mail_location = maildir:${mailDir}/%u
first_valid_uid = 1
default_internal_user = ${who.internalUser}
default_internal_group = ${who.internalGroup}
default_login_user = ${who.loginUser}
mail_max_userip_connections = 50
imap_idle_notify_interval = 1 secs
${options.capabilities ? `imap_capability = ${options.capabilities}\n` : ''}${options.acl ? 'mail_plugins = $mail_plugins acl\nplugin {\n  acl = vfile\n}\n' : ''}service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${usersFile}
}
userdb {
  driver = static
  args = uid=${who.uid} gid=${who.gid} home=${mailDir}/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
}
`,
  );

  let child: ChildProcess | null = null;
  const log = () => {
    try {
      return fs.readFileSync(path.join(root, 'dovecot.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const start = async () => {
    if (child) return;
    child = spawn(DOVECOT_BINARY, ['-F', '-c', configFile], { stdio: 'ignore' });
    child.once('exit', () => {
      child = null;
    });
    try {
      await waitForGreeting(port, Date.now() + 15_000);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${log()}`);
    }
  };
  const stop = async () => {
    const running = child;
    if (!running) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
    // SIGKILL leaves the master's children (imap, auth) serving open connections: cut them too, as an outage would.
    spawnSync('pkill', ['-KILL', '-f', `dovecot-test-${port}`]);
    await new Promise((r) => setTimeout(r, 50));
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    mailDir,
    log,
    setPassword(user, password) {
      passwords[user] = password;
      writeUsers();
    },
    restrictFolder(user, folder, rights) {
      if (!options.acl) throw new Error('restrictFolder needs startDovecot(…, { acl: true })');
      // Maildir++: the folder "A/B" is the directory ".A.B" of the user's Maildir.
      const file = path.join(mailDir, user, `.${folder.split('/').join('.')}`, 'dovecot-acl');
      fs.writeFileSync(file, `owner ${rights}\n`, { mode: 0o644 });
      fs.chownSync(file, who.uid, who.gid);
    },
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
