/**
 * A local SMTP server (smtp-server from the npm registry) that keeps what it receives, parsed by mailparser, for
 * tests that read the messages the product sends. Plain SMTP on loopback; with `users` it requires AUTH (over the
 * plain connection, as a test may allow) and refuses wrong credentials like a real relay.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string };

export type SmtpInbox = {
  port: number;
  /** SMTP_URL for the server under test (with the first user's credentials when the inbox has users). */
  url: string;
  messages: ReceivedMail[];
  /** The next message to `address` not read before, waiting for it up to `timeoutMs`. */
  next(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

/** `refuseRecipients`: every RCPT TO is refused with a reply that quotes the address, as relays do. */
export async function startSmtpInbox(options: { port?: number; users?: Record<string, string>; refuseRecipients?: boolean } = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const read = new Set<ReceivedMail>();
  const users = options.users;
  const server = new SMTPServer({
    disabledCommands: users ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !users,
    logger: false,
    onAuth(auth, _session, done) {
      if (users && auth.username && users[auth.username] === auth.password) done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, done) {
      if (options.refuseRecipients) done(Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }));
      else done();
    },
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((list) => list.value.map((entry) => entry.address ?? ''));
        messages.push({ to, from: mail.from?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' });
        done();
      }, (error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('servidor SMTP sem porta TCP');
  const { port } = address;
  const credentials = users ? Object.entries(users)[0] : undefined;
  const auth = credentials ? `${encodeURIComponent(credentials[0])}:${encodeURIComponent(credentials[1])}@` : '';
  return {
    port,
    url: `smtp://${auth}127.0.0.1:${port}`,
    messages,
    async next(address, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = messages.find((message) => !read.has(message) && message.to.includes(address));
        if (mail) {
          read.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`nenhuma mensagem para ${address} em ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
