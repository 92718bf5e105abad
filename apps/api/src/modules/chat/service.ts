// Chat between an organisation and a sponsor address (spec sections 3 and 7): listing, reading
// (marks the other side's messages read), starting and sending. Messages are stored, then published
// on the bus (the stream hub of every process delivers them), then a notice is mailed in the
// background to a side with no open stream here, at most once an hour per conversation and side.
// Organisation-side messages carry the organisation's name as sender (the member's id is sender_id).
// System notifications are stored read: they inform both sides and count for neither's unread.
import type { FastifyBaseLogger } from 'fastify';
import {
  MESSAGES_HAS_MORE_HEADER,
  ZConversation,
  type ConversationWire,
  type Language,
  type MessagesPage,
  type MessageWire,
  type UnreadSummary,
} from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { renderChatNoticeMail, type MailPort } from '../../ports/mail/index.ts';
import { normaliseEmail } from '../../lib/email.ts';
import type { DomainEvents, SponsorshipActivity } from '../domain-events.ts';
import {
  ORGANISER_ROLES,
  scopeOf,
  sideOf,
  type ChatGuestLinks,
  type Participant,
  type UserParticipant,
} from './access.ts';
import {
  otherSide,
  type ChatRepository,
  type ChatSide,
  type ConversationRecord,
  type MessageRecord,
} from './repository.ts';
import type { ConversationFacts } from './records.ts';
import type { ChatBusEvent, StreamHub } from './stream-hub.ts';
import { toConversationWire, toMessageWire, toUnreadWire } from './wire.ts';

/**
 * The tables a conversation list and a page of messages are made from, for the read cache
 * (read-cache/index.ts): the conversations, their messages, and the names shown with them.
 */
const CHAT_READS = ['conversations', 'messages', 'organisations', 'sponsor_profiles', 'sponsor_legal_details'] as const;

/** Writes a system notification into conversation(organisation, sponsor address), creating it if needed. */
export type SponsorshipNotifier = (notification: SponsorshipActivity) => Promise<void>;

const HOUR_MS = 60 * 60 * 1000;
const MAX_NOTICE_SLOTS = 10_000;
export const SYSTEM_SENDER = 'system';

export function createChatService(deps: {
  repo: ChatRepository;
  events: DomainEvents;
  hub: StreamHub;
  guests: ChatGuestLinks;
  mail: MailPort;
  publicUrl: string;
  defaultLanguage: Language;
  log: FastifyBaseLogger;
  clock?: () => Date;
}) {
  const { repo, events, hub, log } = deps;
  const now = deps.clock ?? (() => new Date());
  const background = new Set<Promise<void>>();
  // Per conversation and side: until when a notice slot is surely taken. A slot's time only moves
  // forward (claimNotice), so while now is before (seen time + 1 h) a claim would fail anyway and
  // the write is skipped; every message of a busy conversation no longer costs a write.
  const noticeTakenUntil = new Map<string, number>();
  const rememberNotice = (key: string, at: Date) => {
    noticeTakenUntil.delete(key);
    noticeTakenUntil.set(key, at.getTime() + HOUR_MS);
    if (noticeTakenUntil.size > MAX_NOTICE_SLOTS)
      noticeTakenUntil.delete(noticeTakenUntil.keys().next().value as string);
  };

  const inBackground = (work: () => Promise<void>) => {
    const task = work()
      .catch((error: unknown) => log.error({ err: error }, 'chat notice failed'))
      .finally(() => background.delete(task));
    background.add(task);
  };

  const publish = async (event: ChatBusEvent, local?: MessageRecord) => {
    try {
      if (local) hub.holdMessage(local);
      await events.publish('chat.changed', event);
    } catch (error) {
      // Stored is stored: a lost live event is made good by the client's refetch and resume.
      log.error({ err: error }, 'chat event not published');
    }
  };

  const languageOf = (profileLanguage: string | null | undefined): Language =>
    profileLanguage === 'en' || profileLanguage === 'de' ? profileLanguage : deps.defaultLanguage;

  const chatsLink = (conversationId: number) =>
    `${deps.publicUrl}/chats/?${new URLSearchParams({ conversation: String(conversationId) }).toString()}`;

  /** Mails the side that got a message, unless it is online here or had a notice within the hour. */
  const noticeReceiver = async (conversation: ConversationFacts, receiver: ChatSide) => {
    if (hub.hasAudience(receiver, conversation.organisationId, conversation.sponsorEmailNormalized)) return;
    const at = now();
    const slot = `${conversation.id}:${receiver}`;
    if (at.getTime() < (noticeTakenUntil.get(slot) ?? -Infinity)) return;
    if (!(await repo.claimNotice(conversation.id, receiver, at, new Date(at.getTime() - HOUR_MS)))) {
      const last = await repo.lastNoticeAt(conversation.id, receiver);
      if (last) rememberNotice(slot, last);
      return;
    }
    rememberNotice(slot, at);
    if (receiver === 'organisation') {
      const url = chatsLink(conversation.id);
      for (const member of await repo.listMembers(conversation.organisationId)) {
        await deps.mail.send(
          renderChatNoticeMail(
            member.email,
            { kind: 'chat-notice', otherName: conversation.sponsorEmail, url },
            languageOf(member.language),
          ),
        );
      }
      return;
    }
    const account = await repo.findAccount(conversation.sponsorEmailNormalized);
    if (account && !account.wantsNotices) return;
    let url: string;
    if (account) {
      url = chatsLink(conversation.id);
    } else {
      const token = await deps.guests.mintGuestToken(conversation.organisationId, conversation.sponsorEmailNormalized);
      if (!token) return;
      url = `${deps.publicUrl}/chats-sponsor/?${new URLSearchParams({ token, email: conversation.sponsorEmail }).toString()}`;
    }
    await deps.mail.send(
      renderChatNoticeMail(
        conversation.sponsorEmail,
        { kind: 'chat-notice', otherName: conversation.organisationName, url },
        languageOf(account?.language),
      ),
    );
  };

  const conversationWire = async (conversation: ConversationRecord, side: ChatSide): Promise<ConversationWire> => {
    const last = await repo.lastMessages([conversation.id]);
    return toConversationWire(conversation, side, last.get(conversation.id));
  };

  const store = async (conversation: ConversationFacts, message: Omit<MessageRecord, 'id' | 'conversationId'>) => {
    const stored = await repo.insertMessage({ ...message, conversationId: conversation.id });
    // This process's streams get the event at once (the bus hands it over before it sends it on);
    // the answer does not wait for it to be sent to the other processes (PostgreSQL: a NOTIFY
    // statement, shared by the posts meanwhile), which under load was a post's longest wait.
    inBackground(() =>
      publish(
        {
          k: 'message',
          id: stored.id,
          c: conversation.id,
          o: conversation.organisationId,
          s: conversation.sponsorEmailNormalized,
        },
        stored,
      ),
    );
    return stored;
  };

  /** The pair's conversation, made on first use. */
  const conversationOfPair = (organisationId: number, email: string, emailNormalized: string, at: Date) =>
    repo.findOrCreateConversation(organisationId, email, emailNormalized, at);

  /** SponsorshipNotifier */
  const postSponsorshipNotification: SponsorshipNotifier = async ({ organisationId, sponsorEmail, kind, params }) => {
    const email = sponsorEmail.trim();
    const at = now();
    const conversation = await conversationOfPair(organisationId, email, normaliseEmail(email), at);
    await store(conversation, {
      senderSide: 'system',
      senderId: null,
      senderName: SYSTEM_SENDER,
      body: JSON.stringify({ key: kind, params }),
      type: 'notification',
      sentAt: at,
      readAt: at,
    });
  };

  /**
   * GET /conversation/{id}: a page of the messages, oldest first. Reading the newest page marks the
   * other side's messages read. An older page (`before`) does not: its cursor comes from a newest
   * page read before it, which marked them, and a message that came in since is not on it; the
   * check cost an older page a statement of its own (decision 049).
   */
  const readConversation = async (
    conversation: ConversationFacts,
    side: ChatSide,
    page: MessagesPage,
  ): Promise<{ messages: MessageWire[]; hasMore: boolean }> => {
    const upTo = page.before === undefined ? await repo.markRead(conversation.id, side, now()) : null;
    if (upTo !== null) {
      await publish({
        k: 'read',
        c: conversation.id,
        o: conversation.organisationId,
        s: conversation.sponsorEmailNormalized,
        side,
        up: upTo,
      });
    }
    const { messages, hasMore } = await repo.listMessages(conversation.id, page);
    return { messages: messages.map((message) => toMessageWire(message, side)), hasMore };
  };

  return {
    postSponsorshipNotification,

    /**
     * GET /conversation, GET /token/conversation for the read cache: the scope's whole list, read
     * and serialised by its load (one code path; the cache keeps it as the contract allows).
     */
    conversationsListing(participant: Participant) {
      const scope = scopeOf(participant);
      return {
        key: `conversations:${JSON.stringify(scope)}`,
        reads: CHAT_READS,
        load: async () => {
          const listed = await repo.listConversations(scope);
          const wire = listed.map((row) =>
            ZConversation.parse(
              toConversationWire(row.conversation, sideOf(participant, row.conversation) ?? 'sponsor', row.last),
            ),
          );
          return { json: Buffer.from(JSON.stringify(wire)) };
        },
      };
    },

    /**
     * GET /conversation/{id} for the read cache. Its load marks the other side's messages read: a
     * load that marked something wrote, so the cache does not keep it; a kept page means nothing
     * came in since, so the caller has nothing unread and the kept page is what a load would answer.
     */
    messagesListing(conversation: ConversationFacts, side: ChatSide, page: MessagesPage) {
      return {
        key: `messages:${conversation.id}:${side}:${page.before ?? 'newest'}:${page.limit}`,
        // Only the newest page is kept in the read cache (decision 049). An older page is read once
        // as someone scrolls back, and its version moves with every new message of the
        // conversation, so a kept copy was hardly ever answered again; paging through a long history
        // filled the cache with them and pushed out the lists and newest pages everyone re-reads.
        reads: page.before === undefined ? CHAT_READS : null,
        load: async () => {
          const { messages, hasMore } = await readConversation(conversation, side, page);
          return { body: messages, headers: { [MESSAGES_HAS_MORE_HEADER]: String(hasMore) } };
        },
      };
    },

    readConversation,

    /** POST /conversation/{id}/message: stored, then delivered; the answer is the stored message. */
    async sendMessage(
      participant: Participant,
      conversation: ConversationFacts,
      side: ChatSide,
      text: string,
    ): Promise<MessageWire> {
      if (text.trim().length === 0)
        throw fail('request.validation-failed', 'Validation failed', { message: 'message_empty' });
      const stored = await store(conversation, {
        senderSide: side,
        senderId: participant.kind === 'user' ? participant.sub : null,
        senderName: side === 'organisation' ? conversation.organisationName : participant.email,
        body: text,
        type: 'text',
        sentAt: now(),
        readAt: null,
      });
      inBackground(() => noticeReceiver(conversation, otherSide(side)));
      // In-app alerts (notifications module), told in the background.
      inBackground(() =>
        events.publish('chat.message-stored', {
          conversationId: conversation.id,
          organisationId: conversation.organisationId,
          sponsorEmailNormalized: conversation.sponsorEmailNormalized,
          senderSide: side,
          senderId: stored.senderId,
          senderName: stored.senderName,
        }),
      );
      return toMessageWire(stored, side);
    },

    /**
     * POST /conversation/{email}. An organiser (veranstalter or beides) starts one of their
     * organisation with the address; anyone else starts one with the organisation of the member who
     * has the address, as its sponsor. Existing conversations are returned.
     */
    async startConversation(caller: UserParticipant, email: string): Promise<ConversationWire> {
      const target = normaliseEmail(email);
      if (target === caller.emailNormalized) {
        throw fail('conversation.own-address', 'You cannot start a conversation with yourself', {
          email: 'own_address',
        });
      }
      const targetOrganisation = await repo.findMemberOrganisation(target);
      if (caller.organisationId !== null && targetOrganisation === caller.organisationId) {
        throw fail('conversation.own-organisation', 'This address belongs to your own organisation', {
          email: 'own_organisation',
        });
      }
      const organiser = caller.organisationId !== null && caller.role !== null && ORGANISER_ROLES.includes(caller.role);
      let conversation: ConversationRecord;
      if (organiser && caller.organisationId !== null) {
        conversation = await conversationOfPair(caller.organisationId, email.trim(), target, now());
      } else {
        if (targetOrganisation === null)
          throw fail('conversation.no-member', 'No organisation member has this address');
        conversation = await conversationOfPair(targetOrganisation, caller.email, caller.emailNormalized, now());
      }
      return conversationWire(conversation, sideOf(caller, conversation) ?? 'sponsor');
    },

    /** GET /conversation/unread, GET /token/conversation/unread */
    async unreadSummary(participant: Participant): Promise<UnreadSummary> {
      if (participant.kind === 'guest') {
        return toUnreadWire(await repo.pairUnread(participant.organisationId, participant.emailNormalized));
      }
      const [organisation, sponsor] = await Promise.all([
        participant.organisationId !== null
          ? repo.organisationUnread(participant.organisationId)
          : { messages: 0, conversations: 0, unanswered: 0 },
        repo.sponsorUnread(participant.emailNormalized),
      ]);
      return toUnreadWire(organisation, sponsor);
    },

    /** Waits for the background notices (shutdown and tests). */
    async drain(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
