// Realistic data made through the product's own interfaces, as a user would: accounts through the
// identity provider (sign-up, the mailed code from the local outbox, sign-in), onboarding, events,
// team invitations, sponsor invitations, conversations and their messages through the API.
import { MAILBOX_TOKEN, expectStatus, request } from './server.mjs';

export const PASSWORD = 'Kanu-Wiesel-2024!';
const SIGN_UP_SUBJECT = /Bestätigungscode|confirmation code/i;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function identityCall(server, config, operation, body) {
  return request(server.baseUrl, 'POST', config.identityEndpoint, {
    body: { ClientId: config.clientId, ...body },
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
  });
}

async function waitForCode(server, email, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await expectStatus(200, server.baseUrl, 'GET', `/dev/mailbox.json?token=${MAILBOX_TOKEN}`);
    const mail = body.mails.find((m) => m.to.toLowerCase() === email.toLowerCase() && SIGN_UP_SUBJECT.test(m.subject));
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No sign-up code mail to ${email} arrived`);
    await sleep(100);
  }
}

function subOf(idToken) {
  return JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')).sub;
}

/** A confirmed account, signed in: { email, sub, accessToken }. */
export async function createUser(server, email) {
  const config = (await expectStatus(200, server.baseUrl, 'GET', '/config.json')).body;
  const signUp = await identityCall(server, config, 'SignUp', {
    Username: email,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
    ClientMetadata: { invitationCode: server.invitationCode },
  });
  if (signUp.status !== 200) throw new Error(`SignUp ${email}: ${signUp.text}`);
  const code = await waitForCode(server, email);
  const confirm = await identityCall(server, config, 'ConfirmSignUp', { Username: email, ConfirmationCode: code });
  if (confirm.status !== 200) throw new Error(`ConfirmSignUp ${email}: ${confirm.text}`);
  const auth = await identityCall(server, config, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  if (auth.status !== 200) throw new Error(`InitiateAuth ${email}: ${auth.text}`);
  const result = auth.body.AuthenticationResult;
  return {
    email,
    sub: subOf(result.IdToken),
    accessToken: result.AccessToken,
    idToken: result.IdToken,
    refreshToken: result.RefreshToken,
  };
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at a time. */
export async function pool(count, concurrency, task) {
  let next = 0;
  const results = new Array(count);
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** Whether the chat API is there (it is built in parallel with the benchmark). */
export async function chatAvailable(server, token) {
  const response = await request(server.baseUrl, 'GET', '/api/conversation', { token });
  return response.status === 200;
}

const MASTER_DATA = {
  organisation_name: 'Sportverein Benchstadt e. V.',
  street: 'Hauptstraße',
  house_number: '12a',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
  phone_number: '+49 30 1234567',
};

const LOREM =
  'Vielen Dank für die Einladung! Wir würden das Sommerfest gern mit einem Stand und einem Banner unterstützen. ' +
  'Können Sie uns die Vereinbarung und die Zahlen der letzten Jahre schicken?';

export function messageText(i) {
  return `${LOREM.slice(0, 40 + (i % 120))} #${i}`;
}

/**
 * The organisation of issue 9: an organiser, `members` team members, `events` events, `conversations`
 * conversations with sponsors of `messagesPerConversation` messages each.
 */
export async function seed(
  server,
  { events = 20, members = 5, conversations = 50, messagesPerConversation = 200, log },
) {
  const stamp = Date.now();
  const organiser = await createUser(server, `organiser-${stamp}@bench.example.org`);
  const profile = await expectStatus(201, server.baseUrl, 'POST', '/api/user-profile', {
    token: organiser.accessToken,
    body: { ...MASTER_DATA, role: 'veranstalter' },
  });
  const organisationId = profile.body.user.organisation_id ?? profile.body.user.organisation?.id;
  if (!organisationId) throw new Error(`No organisation id in ${profile.text.slice(0, 300)}`);

  const eventIds = await pool(events, 4, async (i) => {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (i % 12)).padStart(2, '0');
    const { body } = await expectStatus(201, server.baseUrl, 'POST', '/api/event/-1', {
      token: organiser.accessToken,
      body: {
        title: `Benchmark-Event ${i + 1}`,
        event_date: `2027-${month}-${day}`,
        location: 'Stadthalle Benchstadt',
        description: `Ein Fest für die ganze Stadt, Nummer ${i + 1}. ${LOREM}`,
        files: [],
      },
    });
    return body.id;
  });
  log?.(`seeded ${eventIds.length} events`);

  const team = await pool(members, 2, async (i) => {
    const email = `member-${stamp}-${i}@bench.example.org`;
    const invitation = await expectStatus(201, server.baseUrl, 'POST', '/api/invitations', {
      token: organiser.accessToken,
      body: { email },
    });
    const user = await createUser(server, email);
    await expectStatus(
      200,
      server.baseUrl,
      'POST',
      `/api/invitations/accept/${encodeURIComponent(invitation.body.token)}`,
      {
        token: user.accessToken,
        body: { token: invitation.body.token, cognitoId: user.sub, email },
      },
    );
    return user;
  });
  log?.(`seeded ${team.length} team members`);

  const sponsors = await pool(conversations, 4, async (i) => {
    const email = `sponsor-${stamp}-${i}@bench.example.org`;
    await expectStatus(201, server.baseUrl, 'POST', '/api/sponsor-invitation', {
      token: organiser.accessToken,
      body: { email, event_id: eventIds[i % eventIds.length], amount_cents: 50_000 + i * 1000 },
    });
    return email;
  });
  log?.(`invited ${sponsors.length} sponsors`);

  const result = { organiser, team, organisationId, eventIds, sponsors, conversationIds: [], chat: false, messages: 0 };
  if (!(await chatAvailable(server, organiser.accessToken))) return result;
  result.chat = true;

  result.conversationIds = await pool(sponsors.length, 4, async (i) => {
    const { body } = await expectStatus(
      [200, 201],
      server.baseUrl,
      'POST',
      `/api/conversation/${encodeURIComponent(sponsors[i])}`,
      {
        token: organiser.accessToken,
      },
    );
    return body.id;
  });
  const writers = [organiser, ...team];
  const total = result.conversationIds.length * messagesPerConversation;
  const started = performance.now();
  await pool(total, 16, async (i) => {
    const conversationId = result.conversationIds[i % result.conversationIds.length];
    await expectStatus([200, 201], server.baseUrl, 'POST', `/api/conversation/${conversationId}/message`, {
      token: writers[i % writers.length].accessToken,
      body: { message: messageText(i), type: 'text' },
    });
  });
  result.messages = total;
  log?.(
    `seeded ${result.conversationIds.length} conversations with ${total} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return result;
}
