// Which requests the wall's figures leave out (decision 102): obvious robots by their own user agent
// (crawlers, link previews, scripted clients, headless browsers) and the browser's own prefetches.
// A browser that hides what it is is counted: telling it apart would need to keep data about it.
const ROBOTS =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|embedly|headless|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python|java\/|go-http-client|httpclient|okhttp|axios|node-fetch|undici|scrapy|phantomjs|prerender|^mozilla\/5\.0$/i;

export function isObviousRobot(headers: Record<string, string | string[] | undefined>): boolean {
  const agent = headers['user-agent'];
  if (typeof agent !== 'string' || agent.trim().length < 10) return true;
  if (ROBOTS.test(agent)) return true;
  const purpose = headers['sec-purpose'] ?? headers.purpose;
  return typeof purpose === 'string' && /prefetch|prerender/i.test(purpose);
}
