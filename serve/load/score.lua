-- wrk script: POST one mcr hand to /api/score on every request.
--   wrk -t2 -c16 -d30s --latency -s serve/load/score.lua http://127.0.0.1:PORT/api/score
-- Counts non-2xx answers and prints them at the end, so a run proves the server never failed.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"ruleset":"mcr","hand":"[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2"}'

local bad = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  local non2xx = 0
  for _, t in ipairs(threads) do
    non2xx = non2xx + (t:get("bad") or 0)
  end
  io.write(string.format("non-2xx responses: %d of %d\n", non2xx, summary.requests))
end
