import { NEW_EVENT_ID, ZEvent, type SaveEventRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { toOrganiserEvent, type OrganiserEvent } from '../types';

/** POST /event/-1 (spec: id -1 marks a new event); the answer carries the new id. */
export async function createEvent(body: SaveEventRequest): Promise<OrganiserEvent> {
  return toOrganiserEvent(await api.post(`/event/${NEW_EVENT_ID}`, body, { schema: ZEvent }));
}

/** PUT /event/{id}: the event's fields and the files it has after the save. */
export async function updateEvent(eventId: number, body: SaveEventRequest): Promise<OrganiserEvent> {
  return toOrganiserEvent(await api.put(`/event/${eventId}`, body, { schema: ZEvent }));
}
