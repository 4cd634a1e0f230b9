-- wrk script for `GET /api/search` (issue 4; figures and commands in docs/performance.md "HTTP under wrk").
--
--   wrk -t2 -c64 -d20s --latency -s scripts/perf/search.lua http://127.0.0.1:18555 -- cycle
--   wrk -t2 -c64 -d20s --latency -s scripts/perf/search.lua http://127.0.0.1:18555 -- vary
--   wrk -t2 -c64 -d20s --latency -s scripts/perf/search.lua http://127.0.0.1:18555 -- instant
--   wrk -t2 -c64 -d5s -s scripts/perf/search.lua http://127.0.0.1:18555 -- vary 11000   (a warm-up: other questions)
--
-- cycle: every connection cycles through the ten queries of `CYCLE`. After the first round each answer's engine
--        part comes from the server's answer cache; the offers of the page are still read from SQLite.
-- vary:  every request asks something new: a first word (each wrk thread has its own half of `FIRST`) and a second
--        word from a list of 1000 (the generated feed's words and their starts, then numbers, which are words of the
--        generated names). A thread repeats itself only after #FIRST / 2 * 1000 = 22,000 requests; `done` prints
--        how many each thread sent, so a run that wrapped around (and met the cache) shows. Asked as the results
--        page asks: with the facets of the matches.
-- instant: the questions of `vary`, asked as the header's instant search asks them (`available=N&facets=N`: it
--        shows no facets, so the server does not count them; issue 39).
-- Written for a feed from `vitrina generate-feed` (its vocabulary below).

local CYCLE = {
  "конструктор", "магнитный замок", "космод", "ко", "констрктор",
  "пазл", "кукла синий", "робот", "деревянный", "машинка", -- ten
}

local FIRST = {
  "конструктор", "пазл", "игра", "кукла", "машинка", "набор", "книга", "мяч", "сортер", "мозаика", "робот",
  "пирамидка", "кубики", "лото", "домино", "фломастеры", "веселый", "большой", "деревянный", "магнитный",
  "городской", "лесной", "морской", "космический", "волшебный", "музыкальный", "яркий", "умный", "северный",
  "сказочный", "зоопарк", "гараж", "замок", "ферма", "океан", "космодром", "цирк", "поезд", "остров", "город",
  "сад", "домик", "аэропорт", "маяк",
}

-- Every word of the generated feed's names, vendors, params and section names.
local VOCABULARY = {
  "конструктор", "пазл", "игра", "кукла", "машинка", "набор", "для", "творчества", "книга", "мяч", "сортер",
  "мозаика", "робот", "пирамидка", "кубики", "лото", "домино", "фломастеры", "веселый", "большой", "деревянный",
  "магнитный", "городской", "лесной", "морской", "космический", "волшебный", "музыкальный", "яркий", "умный",
  "северный", "сказочный", "зоопарк", "гараж", "замок", "ферма", "океан", "космодром", "цирк", "поезд", "остров",
  "город", "сад", "домик", "аэропорт", "маяк", "радуга", "умка", "светлячок", "мастерица", "кубик", "сказка",
  "юниор", "полянка", "звездочка", "мир", "игр", "дерево", "пластик", "картон", "текстиль", "металл", "красный",
  "синий", "зеленый", "желтый", "разноцветный", "белый", "оранжевый", "конструкторы", "пазлы", "настольные",
  "игры", "куклы", "машинки", "творчество", "книги", "спорт", "развивающие", "игрушки", "мягкие", "электроника",
  "канцтовары", "малышей", "школьников", "всей", "семьи", "подарочные", "наборы", "премиум", "новинки", "сезона",
  "классика", "мини",
}

--- The characters of a UTF-8 string.
local function chars(s)
  local out = {}
  for c in s:gmatch("[%z\1-\127\194-\244][\128-\191]*") do
    out[#out + 1] = c
  end
  return out
end

--- 1000 second words: each vocabulary word's starts of two letters or more, then numbers.
local function second_words()
  local out, seen = {}, {}
  for _, word in ipairs(VOCABULARY) do
    local cs = chars(word)
    for n = 2, #cs do
      local start = table.concat(cs, "", 1, n)
      if not seen[start] then
        seen[start] = true
        out[#out + 1] = start
      end
    end
  end
  local n = 1
  while #out < 1000 do
    out[#out + 1] = tostring(n)
    n = n + 1
  end
  return out
end

local function encode(s)
  return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", c:byte()) end))
end

local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  threads[#threads + 1] = thread
end

function init(args)
  mode = args[1] or "cycle"
  -- The question to start at (default 0): a warm-up of `vary` or `instant` asks from 11000 on (half the period), so
  -- that the measured run after it asks new questions (scripts/perf/profile-search.sh).
  start = tonumber(args[2]) or 0
  sent = 0
  if mode == "vary" or mode == "instant" then
    seconds = second_words()
    firsts = {}
    for i, word in ipairs(FIRST) do
      if i % 2 == id % 2 then
        firsts[#firsts + 1] = word
      end
    end
  end
end

function request()
  sent = sent + 1
  local q
  local tail = ""
  if mode == "vary" or mode == "instant" then
    local n = start + sent - 1
    q = firsts[n % #firsts + 1] .. " " .. seconds[math.floor(n / #firsts) % #seconds + 1]
    if mode == "instant" then
      tail = "&available=N&facets=N"
    end
  else
    q = CYCLE[(sent - 1) % #CYCLE + 1]
  end
  return wrk.format("GET", "/api/search?q=" .. encode(q) .. tail)
end

function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    io.write(string.format("thread %d sent %d requests\n", thread:get("id"), thread:get("sent")))
  end
end
