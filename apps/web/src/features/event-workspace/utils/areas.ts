// The areas of an event's workspace, in the order of its navigation (issue 58): one route each
// under /edit-event/{eventId}; the overview is the spec's /edit-event/{eventId} itself.

export const WORKSPACE_AREAS = [
  { key: 'overview', to: '/edit-event/$eventId' },
  { key: 'sponsors', to: '/edit-event/$eventId/sponsors' },
  { key: 'packages', to: '/edit-event/$eventId/packages' },
  { key: 'fulfilment', to: '/edit-event/$eventId/fulfilment' },
  { key: 'agreement', to: '/edit-event/$eventId/agreement' },
  { key: 'invoices', to: '/edit-event/$eventId/invoices' },
  { key: 'wall', to: '/edit-event/$eventId/wall' },
  { key: 'settings', to: '/edit-event/$eventId/settings' },
] as const;
