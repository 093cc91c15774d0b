import autocannon from 'autocannon';

/** The list APIs the bench loads: the first page of lots, users, spaces, refunds and debts, as the screens ask for them. */
export const LIST_APIS: Record<string, string> = {
  lots: '/api/system/Parking?currentPage=1&pageSize=10',
  users: '/api/system/Permission/Users?currentPage=1&pageSize=10',
  spaces: '/api/system/ParkingSpace?currentPage=1&pageSize=10',
  refunds: '/api/refund/Refunds?currentPage=1&pageSize=10',
  arrears: '/api/arrears/ArrearsRecord?currentPage=1&pageSize=10',
};

export interface LoadResult {
  rps: number;
  p95: number;
  errors: number;
}

/** A bounded load: `connections` clients for `seconds` against 127.0.0.1, spread over the given servers. */
export async function loadList(urls: string[], path: string, token: string, connections = 10, seconds = 5): Promise<LoadResult> {
  const per = Math.max(1, Math.round(connections / urls.length));
  // a list that answers a refusal (HTTP 200, code 600) would be fast and mean nothing: check one first
  const probe = (await (await fetch(new URL(path, urls[0]), { headers: { authorization: token } })).json()) as {
    code: number;
    msg: string;
  };
  if (probe.code !== 200) throw new Error(`${path} answers ${probe.code} ${probe.msg}`);
  const latencies: number[] = [];
  const results = await Promise.all(
    urls.map(
      (url) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const opts = { url: new URL(path, url).toString(), connections: per, duration: seconds, headers: { authorization: token } };
          const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
          instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
        }),
    ),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p95: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? NaN,
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
  };
}
