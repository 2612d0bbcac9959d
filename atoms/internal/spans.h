// Span boundaries: where a statement's subject and value end when a
// sentence carries more than one fact or extra detail. Two passes, both
// text in, text out, and both leave a sentence they do not recognise
// unchanged:
//
// MainClause (before templates and grammar) removes what is not part of
// the main clause:
//   - a discourse lead-in ending in ':' ("Sorry, I got that wrong: ...",
//     "Fun fact: ...") when a clause with a verb follows;
//   - a leading comma segment that is an interjection or sentence adverb
//     ("Oops, ...", "Honestly, ..."), a fronted adjunct starting with a
//     preposition or subordinator ("After the merger, ..."; "in/at/for" + a
//     capitalised word stays: the grammar reads "In Mexico, the R is V"), a
//     fronted participle ("Born in Lyon, ...") or a fronted appositive
//     starting with an article ("A graduate of Yale, ...") when a
//     capitalised subject or a pronoun follows;
//   - a non-restrictive interruption between subject and verb: "S, who
//     ...,", "S, founded by ...,", "S, my cousin,": the subject stays; in
//     "My aunt, Clara, lives ..." the name replaces the kin noun phrase;
//   - a kin or role noun phrase before a name ("My brother Tom works ...",
//     "Danish-born architect Jorn Utzon designed ...") when WordNet files
//     the noun under person, organisation or group: the name is the subject.
//
// TrimValue (after a subject and value are read) ends a value (or subject)
// at a clause boundary:
//   - ", " + a lower-case word or "I" ("Ghent, it is lovely" -> Ghent);
//     a comma followed by a capitalised word or a digit is kept
//     ("Springfield, Illinois", "June 5, 1990", "Python, Go and Rust"):
//     one rule, a capitalised remainder completes the name;
//   - " but|so|because|although|though|whereas|which|who|whom|whose|where|
//     while ";
//   - " and|or " + a pronoun, an auxiliary or an inflected verb
//     ("Leeds and employs 300 people");
//   - only for a value that starts with a capital (a proper name) and when
//     `adjuncts` is set: a trailing prepositional phrase ("of" excepted)
//     whose object holds a lower-case content word ("Siemens in the Munich
//     office", "Redis for caching", "Porto with two cats"), or "in/at/near"
//     + a place WordNet knows as an instance of a region, city or country
//     ("Trinity College in Dublin"). A title-cased object stays ("Gone
//     with the Wind", "Love in the Time of Cholera", "Bank of England").
//
// SplitObjectReading: "studied chemistry at Uppsala University" read as
// (studied, "chemistry at Uppsala University") also reads as (studied at,
// "Uppsala University"); the caller maps both relation phrases and keeps the
// one that names a lexicon relation.
#ifndef FACTLINE_ATOMS_INTERNAL_SPANS_H_
#define FACTLINE_ATOMS_INTERNAL_SPANS_H_

#include <string>
#include <string_view>
#include <vector>

namespace factline::internal {

// The main clause of `sentence`; `why` (may be null) gets a note per cut.
// `side` (may be null) gets what a cut part says of the clause's subject
// as a sentence of its own: "Adidas, based in Herzogenaurach, employs ..."
// -> "Adidas is based in Herzogenaurach."; "Born in Lyon, S ..." -> "S was
// born in Lyon."; "S, whose R is V, ..." -> "S's R is V."; "The mayor of
// Paris, Anne Hidalgo, ..." -> "The mayor of Paris is Anne Hidalgo."
// "The studio that developed Minecraft is Mojang" -> "Mojang developed
// Minecraft": a subject made of a noun and a relative clause, its gap
// filled by the value after the last copula. The parser calls it when no
// lexicon template reads the line (FactConsolidation's "The company that
// produced [X] is __" is one). Returns whether *s was rewritten.
bool RelativeSubject(std::string* s, std::string* why);

// "the physicist Marie Curie", "the TV show The Wire", "Miles Davis's
// album Kind of Blue", "the British rock band Queen": the name, when the
// modifiers before it end in a person, group or work noun (or the name is
// a place); `value` unchanged otherwise.
std::string DropModifiersBeforeName(const std::string& value, std::string* why);

std::string MainClause(std::string_view sentence, std::string* why,
                       std::vector<std::string>* side = nullptr);

// A change stated with both ends, "S moved from Y to Z" or "S left Y to
// join Z", as "S moved to Z instead of Y" / "S joined Z instead of Y", the
// form the time-word reader takes the replaced value from. Runs before
// time words; a year after "from" ("from 2010 to 2015") is a time range.
std::string ChangeFromTo(std::string_view sentence, std::string* why);

// Whether `sentence` may open with a role between two names ("Arsenal
// manager Mikel Arteta said ...", "Microsoft CEO Satya Nadella ..."): a
// capitalised word, then a lower-case content word or an all-capitals one
// followed by two capitalised words, within the first eight words. A cheap test
// on the text; MainClause reads the role itself.
bool MayOpenWithNamedRole(std::string_view sentence);
// "S works as an analyst at Northwind Bank" also says "S works at
// Northwind Bank": for a verb, "as" + a lower-case role, then at/for/with
// + a name, the sentence without the role goes to `side`.
void RoleDroppedReading(std::string_view sentence,
                        std::vector<std::string>* side);
// "Van Gogh's The Starry Night hangs in ...", "Nirvana's Nevermind brought
// ...": a name's possessive before a capitalised name at the start of a
// sentence, the second name followed by a verb or an apposition's comma.
// Sets *owner ("Van Gogh"), *name ("The Starry Night") and *rest (the
// sentence with `name` as its subject) and returns true. Whether the name
// is a work of the owner, a place in it or a person of it is the caller's
// to decide; "Apple's CEO is ..." (a relation noun) too. False
// when the possessive reads as inside one name ("The Pilgrim's Progress",
// "People's Republic of China", "Colt's Manufacturing Company").
bool PossessiveName(std::string_view sentence, std::string* owner,
                    std::string* name, std::string* rest);
// "United Kingdom on the death of his mother" -> "United Kingdom": a
// capitalised name ended before a preposition that opens a lower-case
// adjunct; a capital after the preposition continues the name ("Girl
// with a Pearl Earring"). Anything else comes back unchanged.
std::string NameWithoutAdjunct(std::string_view name);
// "Beowulf is an epic poem composed in Old English": a classifying noun
// phrase after "is/was a" ended by a past participle and its preposition
// (a reduced relative clause). Sets *head ("Beowulf is an epic poem.")
// and *side ("Beowulf was composed in Old English.") and returns true.
bool ReducedRelative(std::string_view sentence, std::string* head,
                     std::string* side);
// "Kind of Blue is widely cited as the best-selling jazz album ever",
// "Mongolia is one of the most sparsely populated countries in Asia": a
// hedged or superlative classification read as the class it names ("Kind
// of Blue is a best-selling jazz album.", "Mongolia is a sparsely
// populated country in Asia."). Sets *plain and returns true; false for
// any other line ("Paris is the capital of France" names a relation).
bool HedgedClass(std::string_view sentence, std::string* plain);
// "... while working at CERN", "... while employed by Remington Rand",
// "... while a student at Harvard": an adjunct after "while" that leaves
// its subject out is about the line's subject. Sets *predicate ("was
// working at CERN", "was a student at Harvard") and returns true when it
// opens with a participle, a gerund or an indefinite article and names
// something with a capital; false otherwise ("while they were students":
// a clause with a subject of its own).
bool WhileAdjunct(std::string_view sentence, std::string* predicate);
// `value` ended at its first clause boundary; see above.
std::string TrimValue(std::string_view value, bool adjuncts, std::string* why);

// Whether `name` is a country or a state WordNet knows by name
// ("Switzerland", "Illinois"; not "East Sussex", a county).
bool KnownCountryOrState(std::string_view name);

// Whether a common noun names a kind of place ("city", "town", "village",
// "borough", "county", "region"): WordNet files its first senses under a
// geographical area, a settlement or an administrative district.
bool PlaceKindNoun(std::string_view noun);

// "the village of Millbrook", "the Italian region of Tuscany", "the county
// of Norfolk": the name after "[the] [modifiers] KIND of", where KIND is a
// kind of settlement or administrative unit, else "". A phrase WordNet
// knows whole ("the Isle of Man", "the Gulf of Mexico") and a natural
// feature ("the Bay of Biscay") are names as they stand.
// Whether WordNet files a common noun's first senses under person
// ("president", "goalkeeper", "chancellor").
bool PersonNoun(std::string_view noun);
// Whether a noun's first senses reach athlete, player or contestant
// ("goalkeeper", "striker"): a role on a team rather than a job.
bool AthleteNoun(std::string_view noun);
// A word in lower case without surrounding punctuation ("Norway," ->
// "norway"), as every reader here compares words.
std::string WordCore(std::string_view w);

// Nouns for a part of a place ("middle", "edge", "north"): where inside it,
// not another place.
bool PlacePartNoun(std::string_view w);

// With `parts`, a part of a place also gives way to the place's name: "the
// middle of Australia", "the western edge of South America" (a value of a
// place relation, never a subject).
std::string NameAfterPlaceKind(std::string_view phrase, bool parts = false);

// For a verb relation phrase whose value is "object PREP Name": sets
// *relation to "phrase prep" and *value to "Name" and returns true.
bool SplitObjectReading(std::string_view phrase, std::string_view value,
                        std::string* relation, std::string* object);

}  // namespace factline::internal

#endif  // FACTLINE_ATOMS_INTERNAL_SPANS_H_
