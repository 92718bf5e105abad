import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStartConversationResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { conversationsQueryOptions, toConversation, type Conversation } from '@/lib/chat';

/** POST /conversation/{email}: the conversation with that address, existing or new (signed-in users only). */
export async function startConversation(email: string): Promise<Conversation> {
  const conversation = await api.post(`/conversation/${encodeURIComponent(email)}`, undefined, {
    schema: ZStartConversationResponse,
  });
  return toConversation(conversation);
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryOptions('bearer').queryKey }),
  });
}
