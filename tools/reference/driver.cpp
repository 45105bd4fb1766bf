// Reference driver: reads hands in the project's notation (shared/notation.md), one per line on
// stdin, fills the reference calculator's input and prints one JSON line per hand.
//
// This file is our own code. It is compiled together with the calculator sources taken from the
// PyMahjongGB 1.4.0 sdist by tools/reference/build.sh; none of those sources live in this repository.
//
// Usage:
//   mcr [--echo] < hands.txt          one JSON line per input line
//   mcr --bench [REPS] < hands.txt    time calculate_fan over all parsable lines
//   mcr --version                     variant name and switches

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "fan_calculator.h"
#include "stringify.h"

#ifndef MJ_VARIANT
#define MJ_VARIANT "unknown"
#endif

namespace {

using namespace mahjong;

// ---------------------------------------------------------------------------------------------
// English fan names. Spelled as the PyMahjongGB binding spells them (its verbose output), so that
// our output can be compared with that binding directly. Keyed by enum constant, not by position.
const char *english_name(int f) {
    switch (f) {
    case BIG_FOUR_WINDS: return "Big Four Winds";
    case BIG_THREE_DRAGONS: return "Big Three Dragons";
    case ALL_GREEN: return "All Green";
    case NINE_GATES: return "Nine Gates";
    case FOUR_KONGS: return "Four Kongs";
    case SEVEN_SHIFTED_PAIRS: return "Seven Shifted Pairs";
    case THIRTEEN_ORPHANS: return "Thirteen Orphans";
    case ALL_TERMINALS: return "All Terminals";
    case LITTLE_FOUR_WINDS: return "Little Four Winds";
    case LITTLE_THREE_DRAGONS: return "Little Three Dragons";
    case ALL_HONORS: return "All Honors";
    case FOUR_CONCEALED_PUNGS: return "Four Concealed Pungs";
    case PURE_TERMINAL_CHOWS: return "Pure Terminal Chows";
    case QUADRUPLE_CHOW: return "Quadruple Chow";
    case FOUR_PURE_SHIFTED_PUNGS: return "Four Pure Shifted Pungs";
#if DISTINGUISH_PURE_SHIFTED_CHOWS
    case FOUR_PURE_SHIFTED_CHOWS_1: return "Four Pure Shifted Chows I";
    case FOUR_PURE_SHIFTED_CHOWS_2: return "Four Pure Shifted Chows II";
#else
    case FOUR_PURE_SHIFTED_CHOWS: return "Four Pure Shifted Chows";
#endif
    case THREE_KONGS: return "Three Kongs";
    case ALL_TERMINALS_AND_HONORS: return "All Terminals and Honors";
    case SEVEN_PAIRS: return "Seven Pairs";
    case GREATER_HONORS_AND_KNITTED_TILES: return "Greater Honors and Knitted Tiles";
    case ALL_EVEN_PUNGS: return "All Even Pungs";
    case FULL_FLUSH: return "Full Flush";
    case PURE_TRIPLE_CHOW: return "Pure Triple Chow";
    case PURE_SHIFTED_PUNGS: return "Pure Shifted Pungs";
    case UPPER_TILES: return "Upper Tiles";
    case MIDDLE_TILES: return "Middle Tiles";
    case LOWER_TILES: return "Lower Tiles";
    case PURE_STRAIGHT: return "Pure Straight";
    case THREE_SUITED_TERMINAL_CHOWS: return "Three-Suited Terminal Chows";
#if DISTINGUISH_PURE_SHIFTED_CHOWS
    case PURE_SHIFTED_CHOWS_1: return "Pure Shifted Chows I";
    case PURE_SHIFTED_CHOWS_2: return "Pure Shifted Chows II";
#else
    case PURE_SHIFTED_CHOWS: return "Pure Shifted Chows";
#endif
    case ALL_FIVE: return "All Five";
    case TRIPLE_PUNG: return "Triple Pung";
    case THREE_CONCEALED_PUNGS: return "Three Concealed Pungs";
    case LESSER_HONORS_AND_KNITTED_TILES: return "Lesser Honors and Knitted Tiles";
    case KNITTED_STRAIGHT: return "Knitted Straight";
    case UPPER_FOUR: return "Upper Four";
    case LOWER_FOUR: return "Lower Four";
    case BIG_THREE_WINDS: return "Big Three Winds";
    case MIXED_STRAIGHT: return "Mixed Straight";
    case REVERSIBLE_TILES: return "Reversible Tiles";
    case MIXED_TRIPLE_CHOW: return "Mixed Triple Chow";
    case MIXED_SHIFTED_PUNGS: return "Mixed Shifted Pungs";
    case CHICKEN_HAND: return "Chicken Hand";
    case LAST_TILE_DRAW: return "Last Tile Draw";
    case LAST_TILE_CLAIM: return "Last Tile Claim";
    case OUT_WITH_REPLACEMENT_TILE: return "Out with Replacement Tile";
    case ROBBING_THE_KONG: return "Robbing The Kong";
    case ALL_PUNGS: return "All Pungs";
    case HALF_FLUSH: return "Half Flush";
    case MIXED_SHIFTED_CHOWS: return "Mixed Shifted Chows";
    case ALL_TYPES: return "All Types";
    case MELDED_HAND: return "Melded Hand";
    case TWO_CONCEALED_KONGS: return "Two Concealed Kongs";
    case TWO_DRAGONS_PUNGS: return "Two Dragons Pungs";
    case OUTSIDE_HAND: return "Outside Hand";
    case FULLY_CONCEALED_HAND: return "Fully Concealed Hand";
    case TWO_MELDED_KONGS: return "Two Melded Kongs";
    case LAST_TILE: return "Last Tile";
    case DRAGON_PUNG: return "Dragon Pung";
    case PREVALENT_WIND: return "Prevalent Wind";
    case SEAT_WIND: return "Seat Wind";
    case CONCEALED_HAND: return "Concealed Hand";
    case ALL_CHOWS: return "All Chows";
    case TILE_HOG: return "Tile Hog";
    case DOUBLE_PUNG: return "Double Pung";
    case TWO_CONCEALED_PUNGS: return "Two Concealed Pungs";
    case CONCEALED_KONG: return "Concealed Kong";
    case ALL_SIMPLES: return "All Simples";
    case PURE_DOUBLE_CHOW: return "Pure Double Chow";
    case MIXED_DOUBLE_CHOW: return "Mixed Double Chow";
    case SHORT_STRAIGHT: return "Short Straight";
    case TWO_TERMINAL_CHOWS: return "Two Terminal Chows";
    case PUNG_OF_TERMINALS_OR_HONORS: return "Pung of Terminals or Honors";
    case MELDED_KONG: return "Melded Kong";
    case ONE_VOIDED_SUIT: return "One Voided Suit";
    case NO_HONORS: return "No Honors";
    case EDGE_WAIT: return "Edge Wait";
    case CLOSED_WAIT: return "Closed Wait";
    case SINGLE_WAIT: return "Single Wait";
    case SELF_DRAWN: return "Self-Drawn";
    case FLOWER_TILES: return "Flower Tiles";
#if SUPPORT_CONCEALED_KONG_AND_MELDED_KONG
    case CONCEALED_KONG_AND_MELDED_KONG: return "Concealed Kong and Melded Kong";
#endif
#if SUPPORT_BLESSINGS
    case BLESSING_OF_HEAVEN: return "Blessing of Heaven";
    case BLESSING_OF_EARTH: return "Blessing of Earth";
    case BLESSING_OF_HUMAN_1: return "Blessing of Human I";
    case BLESSING_OF_HUMAN_2: return "Blessing of Human II";
#endif
    default: return "?";
    }
}

// ---------------------------------------------------------------------------------------------
// JSON output helpers

// Length of the valid UTF-8 sequence starting at s[i], or 0 if the bytes there are not valid UTF-8.
size_t utf8_len(const std::string &s, size_t i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    if (n == 2 && c < 0xc2) return 0;  // overlong
    for (size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
    return n;
}

void json_string(std::string &out, const std::string &s) {
    out += '"';
    for (size_t i = 0; i < s.size();) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            size_t n = utf8_len(s, i);
            if (n == 0) {
                out += "\\ufffd";  // invalid byte: replacement character
                ++i;
            } else {
                out.append(s, i, n);
                i += n;
            }
            continue;
        }
        ++i;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

std::string error_json(const std::string &msg) {
    std::string out = "{\"error\":";
    json_string(out, msg);
    out += '}';
    return out;
}

// ---------------------------------------------------------------------------------------------
// Parsing our notation into the calculator's input

struct ParseError {
    std::string msg;  // "parse: ..." or another error kind, already complete
};

std::string tile_text(tile_t t) {
    static const char *honors[] = {"E", "S", "W", "N", "C", "F", "P"};
    suit_t s = tile_get_suit(t);
    rank_t r = tile_get_rank(t);
    if (s >= 1 && s <= 3) {
        std::string out(1, static_cast<char>('0' + r));
        out += "msp"[s - 1];
        return out;
    }
    if (s == 4 && r >= 1 && r <= 7) return honors[r - 1];
    return "?";
}

[[noreturn]] void parse_fail(size_t col, const std::string &what) {
    throw ParseError{"parse: column " + std::to_string(col + 1) + ": " + what};
}

int honor_index(char c) {
    const char *p = std::strchr("ESWNCFP", c);
    return (c != '\0' && p != nullptr) ? static_cast<int>(p - "ESWNCFP") : -1;
}

// Reads a run of tiles starting at `pos` in `s` up to (not including) a character in `stop`.
// Digits are buffered until a suffix letter; honours are letters. Bonus tiles (`f` suffix) are
// counted into `flowers` and not returned as tiles (only allowed when flowers != nullptr).
struct TileRead {
    tile_t tile;
    size_t col;
};

void read_tiles(const std::string &s, size_t base, size_t &pos, const char *stop, std::vector<TileRead> &tiles,
                std::vector<int> *flowers) {
    std::vector<std::pair<int, size_t>> digits;  // digit, column
    while (pos < s.size() && std::strchr(stop, s[pos]) == nullptr) {
        char c = s[pos];
        if (c >= '0' && c <= '9') {
            digits.emplace_back(c - '0', pos);
            ++pos;
            continue;
        }
        if (c == 'm' || c == 's' || c == 'p' || c == 'z' || c == 'f') {
            if (digits.empty()) parse_fail(base + pos, std::string("'") + c + "' — suffix without digits before it");
            for (auto &d : digits) {
                int r = d.first;
                if (c == 'f') {
                    if (flowers == nullptr) parse_fail(base + d.second, "bonus tile inside a meld");
                    if (r < 1 || r > 8) parse_fail(base + d.second, "'" + std::to_string(r) + "f' — bonus tiles are 1f-8f");
                    flowers->push_back(r);
                    continue;
                }
                if (c == 'z') {
                    if (r < 1 || r > 7) parse_fail(base + d.second, "'" + std::to_string(r) + "z' — honours are 1z-7z");
                    tiles.push_back({static_cast<tile_t>(TILE_E + (r - 1)), base + d.second});
                    continue;
                }
                if (r == 0) parse_fail(base + d.second, std::string("'0") + c + "' — rank ten does not exist in ruleset mcr (suits run 1-9)");
                suit_t suit = c == 'm' ? TILE_SUIT_CHARACTERS : c == 's' ? TILE_SUIT_BAMBOO : TILE_SUIT_DOTS;
                tiles.push_back({make_tile(suit, static_cast<rank_t>(r)), d.second});
            }
            digits.clear();
            ++pos;
            continue;
        }
        int h = honor_index(c);
        if (h >= 0) {
            if (!digits.empty()) parse_fail(base + digits.front().second, "digits without a suffix letter (m, p, s, z or f)");
            tiles.push_back({static_cast<tile_t>(TILE_E + h), pos});
            ++pos;
            continue;
        }
        if (c == ',' && !digits.empty()) {
            // the source digit of a meld is handled by the caller; digits here are stray
            parse_fail(base + digits.front().second, "digits without a suffix letter (m, p, s, z or f)");
        }
        parse_fail(base + pos, std::string("'") + c + "' — expected a tile (1-9 with m/p/s, 1z-7z, E S W N C F P)");
    }
    if (!digits.empty()) parse_fail(base + digits.front().second, "digits without a suffix letter (m, p, s, z or f)");
}

struct Hand {
    calculate_param_t param;
};

// Parses one line. Throws ParseError (message already in final form) on any problem.
Hand parse_line(const std::string &line) {
    Hand hand;
    std::memset(&hand.param, 0, sizeof(hand.param));
    hand.param.prevalent_wind = wind_t::EAST;
    hand.param.seat_wind = wind_t::EAST;

    // split into words, remembering columns
    std::vector<std::pair<std::string, size_t>> words;
    {
        size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
            if (i >= line.size()) break;
            size_t start = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
            words.emplace_back(line.substr(start, i - start), start);
        }
    }
    if (words.empty()) throw ParseError{"parse: empty line"};

    const std::string &s = words[0].first;
    const size_t base = words[0].second;
    std::vector<int> flower_tiles;

    // --- melds
    size_t pos = 0;
    std::vector<pack_t> packs;
    std::vector<TileRead> meld_tiles_all;
    while (pos < s.size() && s[pos] == '[') {
        size_t open = pos;
        ++pos;
        std::vector<TileRead> t;
        read_tiles(s, base, pos, ",]", t, nullptr);
        int source = -1;
        if (pos < s.size() && s[pos] == ',') {
            ++pos;
            if (pos >= s.size() || !(s[pos] >= '0' && s[pos] <= '9')) parse_fail(base + pos, "expected a source digit after ','");
            source = s[pos] - '0';
            ++pos;
        }
        if (pos >= s.size() || s[pos] != ']') parse_fail(base + pos, "expected ']' to close the meld opened at column " + std::to_string(base + open + 1));
        ++pos;
        if (packs.size() == 4) parse_fail(base + open, "more than four melds");

        pack_t pack = 0;
        if (t.size() == 3 && t[0].tile == t[1].tile && t[1].tile == t[2].tile) {
            if (source == -1) source = 1;
            if (source < 1 || source > 3) parse_fail(base + open, "pung source must be 1, 2 or 3");
            pack = make_pack(static_cast<uint8_t>(source), PACK_TYPE_PUNG, t[0].tile);
        } else if (t.size() == 3) {
            tile_t a = t[0].tile, b = t[1].tile, c = t[2].tile;
            if (a > b) std::swap(a, b);
            if (b > c) std::swap(b, c);
            if (a > b) std::swap(a, b);
            if (!is_numbered_suit(a) || b != a + 1 || c != b + 1)
                parse_fail(base + open, "a meld of three tiles must be a pung or a chow");
            if (source == -1) source = 1;
            if (source < 1 || source > 3) parse_fail(base + open, "chow source must be 1, 2 or 3");
            pack = make_pack(static_cast<uint8_t>(source), PACK_TYPE_CHOW, b);
        } else if (t.size() == 4) {
            if (!(t[0].tile == t[1].tile && t[1].tile == t[2].tile && t[2].tile == t[3].tile))
                parse_fail(base + open, "a meld of four tiles must be four of one tile (kong)");
            int offer;
            if (source == -1) offer = 0;  // concealed kong
            else if (source >= 1 && source <= 3) offer = source;  // exposed kong on a discard
            else if (source >= 5 && source <= 7) offer = source;  // added kong: source-4, promoted bit
            else parse_fail(base + open, "kong source must be 1-3 (exposed) or 5-7 (added)");
            pack = make_pack(static_cast<uint8_t>(offer), PACK_TYPE_KONG, t[0].tile);
        } else {
            parse_fail(base + open, "a meld has 3 or 4 tiles, found " + std::to_string(t.size()));
        }
        packs.push_back(pack);
        for (auto &x : t) meld_tiles_all.push_back(x);
    }

    // --- concealed tiles (bonus tiles allowed here too)
    std::vector<TileRead> concealed;
    read_tiles(s, base, pos, "[]", concealed, &flower_tiles);
    if (pos < s.size()) {
        if (s[pos] == '[') parse_fail(base + pos, "melds must be written before the concealed tiles");
        parse_fail(base + pos, std::string("unexpected '") + s[pos] + "'");
    }

    // --- context words
    int flowers = 0;
    win_flag_t flag = WIN_FLAG_DISCARD;
    for (size_t w = 1; w < words.size(); ++w) {
        const std::string &word = words[w].first;
        size_t col = words[w].second;
        auto wind_of = [&](const std::string &v) -> wind_t {
            if (v == "E" || v == "1z") return wind_t::EAST;
            if (v == "S" || v == "2z") return wind_t::SOUTH;
            if (v == "W" || v == "3z") return wind_t::WEST;
            if (v == "N" || v == "4z") return wind_t::NORTH;
            parse_fail(col, "'" + word + "' — wind must be one of E S W N");
        };
        if (word == "self") flag |= WIN_FLAG_SELF_DRAWN;
        else if (word == "last") flag |= WIN_FLAG_WALL_LAST;
        else if (word == "kong") flag |= WIN_FLAG_KONG_INVOLVED;
        else if (word == "fourth") flag |= WIN_FLAG_LAST_TILE;
        else if (word.rfind("seat=", 0) == 0) hand.param.seat_wind = wind_of(word.substr(5));
        else if (word.rfind("round=", 0) == 0) hand.param.prevalent_wind = wind_of(word.substr(6));
        else if (word.rfind("flowers=", 0) == 0) {
            std::string v = word.substr(8);
            if (v.empty() || v.size() > 2 || v.find_first_not_of("0123456789") != std::string::npos)
                parse_fail(col, "'" + word + "' — flowers=N with N from 0 to 8");
            int n = std::atoi(v.c_str());
            if (n > 8) parse_fail(col, "'" + word + "' — flowers=N with N from 0 to 8");
            flowers += n;
        } else if (!word.empty() && word.back() == 'f' && word.find_first_not_of("0123456789") == word.size() - 1 &&
                   word.size() > 1) {
            for (size_t i = 0; i + 1 < word.size(); ++i) {
                int r = word[i] - '0';
                if (r < 1 || r > 8) parse_fail(col + i, "'" + std::to_string(r) + "f' — bonus tiles are 1f-8f");
                flower_tiles.push_back(r);
            }
        } else {
            parse_fail(col, "unknown word '" + word +
                                "' — accepted: self last kong fourth seat=X round=X (X in E S W N) flowers=N, bonus tiles like 15f");
        }
    }
    {
        bool seen[9] = {false};
        for (int r : flower_tiles) {
            if (seen[r]) throw ParseError{"parse: bonus tile " + std::to_string(r) + "f written twice"};
            seen[r] = true;
        }
    }
    flowers += static_cast<int>(flower_tiles.size());
    if (flowers > 8) throw ParseError{"parse: more than 8 bonus tiles"};

    // --- tile count: melds count as 3 each, plus concealed tiles, must be 14 (last = winning tile)
    if (packs.size() * 3 + concealed.size() != 14) throw ParseError{"wrong tile count"};

    // --- no tile more than four times (the calculator itself does not check this)
    {
        int count[TILE_TABLE_SIZE] = {0};
        for (pack_t p : packs) {
            tile_t t = pack_get_tile(p);
            switch (pack_get_type(p)) {
            case PACK_TYPE_CHOW: ++count[t - 1]; ++count[t]; ++count[t + 1]; break;
            case PACK_TYPE_PUNG: count[t] += 3; break;
            case PACK_TYPE_KONG: count[t] += 4; break;
            default: break;
            }
        }
        for (auto &x : concealed) ++count[x.tile];
        for (int t = 0; t < TILE_TABLE_SIZE; ++t)
            if (count[t] > 4) throw ParseError{"tile more than 4 times: " + tile_text(static_cast<tile_t>(t))};
    }

    hand_tiles_t &ht = hand.param.hand_tiles;
    ht.pack_count = static_cast<intptr_t>(packs.size());
    for (size_t i = 0; i < packs.size(); ++i) ht.fixed_packs[i] = packs[i];
    ht.tile_count = static_cast<intptr_t>(concealed.size()) - 1;
    for (size_t i = 0; i + 1 < concealed.size(); ++i) ht.standing_tiles[i] = concealed[i].tile;
    hand.param.win_tile = concealed.back().tile;
    hand.param.win_flag = flag;
    hand.param.flower_count = static_cast<uint8_t>(flowers);
    return hand;
}

// ---------------------------------------------------------------------------------------------

std::string score_json(const Hand &hand, bool echo) {
    fan_table_t table = {0};
    int total = calculate_fan(&hand.param, &table);
    std::string out;
    if (total < 0) {
        switch (total) {
        case ERROR_WRONG_TILES_COUNT: out = error_json("wrong tile count"); break;
        case ERROR_TILE_MORE_THAN_4: out = error_json("tile more than 4 times"); break;
        case ERROR_NOT_WIN: out = error_json("not a win"); break;
        default: out = error_json("calculator error " + std::to_string(total)); break;
        }
    } else {
        out = "{\"fans\":[";
        bool first = true;
        for (int f = 1; f < FAN_TABLE_SIZE; ++f) {
            if (table[f] == 0) continue;
            if (!first) out += ',';
            first = false;
            out += "{\"zh\":";
            json_string(out, fan_name[f]);
            out += ",\"en\":";
            json_string(out, english_name(f));
            out += ",\"points\":" + std::to_string(fan_value_table[f]);
            out += ",\"count\":" + std::to_string(table[f]);
            out += '}';
        }
        out += "],\"total\":" + std::to_string(total);
        if (!echo) out += '}';
    }
    if (echo) {
        char buf[128];
        hand_tiles_to_string(&hand.param.hand_tiles, buf, sizeof buf);
        std::string lib = buf;
        lib += tile_text(hand.param.win_tile);
        if (out.back() == '}') out.pop_back();
        out += ",\"library\":";
        json_string(out, lib);
        out += ",\"win_flag\":" + std::to_string(hand.param.win_flag) + '}';
    }
    return out;
}

int run_bench(long reps_arg) {
    std::vector<Hand> hands;
    std::string line;
    long bad = 0;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        try {
            hands.push_back(parse_line(line));
        } catch (ParseError &) {
            ++bad;
        }
    }
    if (hands.empty()) {
        std::fprintf(stderr, "bench: no parsable hands on stdin\n");
        return 1;
    }
    using clock = std::chrono::steady_clock;
    long long checksum = 0;
    fan_table_t table;
    auto one_pass = [&]() {
        for (const Hand &h : hands) {
            checksum += calculate_fan(&h.param, &table);
        }
    };
    long reps = reps_arg;
    if (reps <= 0) {
        // calibrate: aim for about two seconds in the timed loop
        auto t0 = clock::now();
        one_pass();
        double one = std::chrono::duration<double>(clock::now() - t0).count();
        reps = one > 0 ? static_cast<long>(2.0 / one) : 1000;
        if (reps < 1) reps = 1;
    }
    auto t0 = clock::now();
    for (long r = 0; r < reps; ++r) one_pass();
    double secs = std::chrono::duration<double>(clock::now() - t0).count();
    double calls = static_cast<double>(hands.size()) * static_cast<double>(reps);
    std::printf("{\"variant\":\"%s\",\"hands\":%zu,\"unparsable\":%ld,\"reps\":%ld,\"seconds\":%.3f,"
                "\"hands_per_sec\":%.0f,\"checksum\":%lld}\n",
                MJ_VARIANT, hands.size(), bad, reps, secs, calls / secs, checksum);
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    std::ios::sync_with_stdio(false);
    bool echo = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--bench") {
            long reps = 0;
            if (i + 1 < argc) reps = std::atol(argv[i + 1]);
            return run_bench(reps);
        } else if (a == "--echo") {
            echo = true;
        } else if (a == "--version") {
            std::printf("%s SUPPORT_CONCEALED_KONG_AND_MELDED_KONG=%d STRICT_98_RULE=%d\n", MJ_VARIANT,
                        SUPPORT_CONCEALED_KONG_AND_MELDED_KONG,
#ifdef STRICT_98_RULE
                        1
#else
                        0
#endif
            );
            return 0;
        } else {
            std::fprintf(stderr, "usage: %s [--echo] < hands | --bench [REPS] < hands | --version\n", argv[0]);
            return 2;
        }
    }
    std::string line;
    std::string out;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        try {
            Hand h = parse_line(line);
            out = score_json(h, echo);
        } catch (ParseError &e) {
            out = error_json(e.msg);
        } catch (std::exception &e) {
            out = error_json(std::string("internal: ") + e.what());
        }
        std::cout << out << '\n';
        std::cout.flush();
    }
    return 0;
}
