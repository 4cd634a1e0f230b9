-- wrk script: the mixed workload of issue 9, a shopper's requests in turn on a catalogue from
-- `vitrina generate-feed` (sections 101…, offers G1…GN):
--
--   1. GET /                                   the home page (HTML shell with its head)
--   2. GET /api/sections/{id}/offers?page=P     a section page's offers (a random leaf section, page 1-5)
--   3. GET /api/offers/G{n}                     a product
--   4. GET /api/search?q=…                      a search: one of the words of the feed, or two of them
--   5. GET /api/basket/summary                  the mini cart
--
-- Every request carries one of the visitor sessions the driver made (a cookie per line of the ids file).
--   wrk -t2 -c64 -d30s --latency -s scripts/perf/mixed.lua URL -- IDS_FILE OFFERS
-- IDS_FILE: lines `section ID` and `cookie NAME=VALUE` (scripts/bench/http-load.sh writes it). OFFERS: offer count.
-- `done` prints the count of answers by class (2xx, 3xx, 4xx, 5xx) and a line `MIXED5XX n` for scripts.

local sections, cookies = {}, {}
local offers = 100000
local words = {
  "конструктор", "пазл", "кукла", "машинка", "набор", "робот", "деревянный", "магнитный", "замок", "космод",
  "ко", "пирамидка", "кубики", "веселый", "синий", "констрктор", "мозаика", "поезд", "ферма", "город",
}
local counter = 0
classes = {} -- global: `done` reads each thread's copy with thread:get

local function urlencode(s)
  return (s:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function init(args)
  local file = assert(io.open(args[1], "r"), "the ids file")
  for line in file:lines() do
    local kind, value = line:match("^(%S+)%s+(.+)$")
    if kind == "section" then sections[#sections + 1] = value end
    if kind == "cookie" then cookies[#cookies + 1] = value end
  end
  file:close()
  offers = tonumber(args[2]) or offers
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
  classes = { [2] = 0, [3] = 0, [4] = 0, [5] = 0 }
end

function request()
  counter = counter + 1
  local kind = counter % 5
  local path
  if kind == 1 then
    path = "/"
  elseif kind == 2 then
    path = "/api/sections/" .. sections[math.random(#sections)] .. "/offers?page=" .. math.random(5)
  elseif kind == 3 then
    path = "/api/offers/G" .. math.random(offers)
  elseif kind == 4 then
    local q = words[math.random(#words)]
    if math.random(2) == 1 then q = q .. " " .. words[math.random(#words)] end
    path = "/api/search?q=" .. urlencode(q)
  else
    path = "/api/basket/summary"
  end
  return wrk.format("GET", path, { ["Cookie"] = cookies[math.random(#cookies)] })
end

function response(status)
  local class = math.floor(status / 100)
  classes[class] = (classes[class] or 0) + 1
end

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function done()
  local total = { [2] = 0, [3] = 0, [4] = 0, [5] = 0 }
  for _, thread in ipairs(threads) do
    local c = thread:get("classes")
    for k, v in pairs(c) do total[k] = (total[k] or 0) + v end
  end
  io.write(string.format("answers: 2xx %d, 3xx %d, 4xx %d, 5xx %d\n", total[2], total[3], total[4], total[5]))
  io.write(string.format("MIXED5XX %d\n", total[5]))
  io.write(string.format("MIXEDNON2XX %d\n", total[3] + total[4] + total[5]))
end
