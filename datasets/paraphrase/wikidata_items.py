# Hand-written paraphrases of the lexicon's Wikidata relations (see README.md).
# Each relation: a list of (form, sentence, subject, value) and a list of
# updates (subject, first sentence, first value, later sentence, later value).
# Written from ordinary English usage by helper "pb" on 2026-12-01.
R = {}
U = {}

R["P17"] = [
    ("active", "Angkor Wat is located in Cambodia.", "Angkor Wat", "Cambodia"),
    ("of-phrase", "The country of Petra is Jordan.", "Petra", "Jordan"),
    ("possessive", "Uluru's country is Australia.", "Uluru", "Australia"),
    ("synonym", "Table Mountain lies in South Africa.", "Table Mountain", "South Africa"),
    ("synonym", "The Atacama Desert is situated in Chile.", "Atacama Desert", "Chile"),
    ("value-first", "Mexico is the country where Chichen Itza is found.", "Chichen Itza", "Mexico"),
    ("adjectival", "Neuschwanstein Castle is a castle in Germany.", "Neuschwanstein Castle", "Germany"),
]
U["P17"] = [("Lake Ohrid", "Lake Ohrid is in Albania.", "Albania",
             "Lake Ohrid is located in the country of North Macedonia.", "North Macedonia")]

R["P19"] = [
    ("passive", "Frida Kahlo was born in Coyoacán.", "Frida Kahlo", "Coyoacán"),
    ("possessive", "Nikola Tesla's birthplace is Smiljan.", "Nikola Tesla", "Smiljan"),
    ("of-phrase", "The place of birth of Ludwig van Beethoven is Bonn.", "Ludwig van Beethoven", "Bonn"),
    ("synonym", "Yves Mirande is originally from Lyon.", "Yves Mirande", "Lyon"),
    ("adjectival", "Marie Curie is a Warsaw-born physicist.", "Marie Curie", "Warsaw"),
    ("synonym", "Haruki Murakami hails from Kyoto.", "Haruki Murakami", "Kyoto"),
    ("value-first", "Salzburg is the birthplace of Wolfgang Amadeus Mozart.", "Wolfgang Amadeus Mozart", "Salzburg"),
]
U["P19"] = [("Astrid Lindgren", "Astrid Lindgren was born in Stockholm.", "Stockholm",
             "Astrid Lindgren's place of birth is Vimmerby.", "Vimmerby")]

R["P20"] = [
    ("passive", "Vincent van Gogh died in Auvers-sur-Oise.", "Vincent van Gogh", "Auvers-sur-Oise"),
    ("possessive", "Oscar Wilde's place of death is Paris.", "Oscar Wilde", "Paris"),
    ("of-phrase", "The place of death of Anne Frank is Bergen-Belsen.", "Anne Frank", "Bergen-Belsen"),
    ("synonym", "Leo Tolstoy passed away in Astapovo.", "Leo Tolstoy", "Astapovo"),
    ("value-first", "Geneva is where Jorge Luis Borges died.", "Jorge Luis Borges", "Geneva"),
    ("synonym", "Freddie Mercury breathed his last in London.", "Freddie Mercury", "London"),
    ("adjectival", "Ernest Hemingway's death place was Ketchum.", "Ernest Hemingway", "Ketchum"),
]
U["P20"] = [("Johann Strauss", "Johann Strauss died in Graz.", "Graz",
             "The place of death of Johann Strauss is Vienna.", "Vienna")]

R["P26"] = [
    ("active", "Barack Obama is married to Michelle Obama.", "Barack Obama", "Michelle Obama"),
    ("possessive", "Pierre Curie's wife is Marie Curie.", "Pierre Curie", "Marie Curie"),
    ("of-phrase", "The spouse of John Lennon is Yoko Ono.", "John Lennon", "Yoko Ono"),
    ("synonym", "Frida Kahlo married Diego Rivera.", "Frida Kahlo", "Diego Rivera"),
    ("value-first", "Jacqueline Kennedy was the wife of John F. Kennedy.", "John F. Kennedy", "Jacqueline Kennedy"),
    ("possessive", "Prince William's spouse is Catherine Middleton.", "Prince William", "Catherine Middleton"),
    ("has-phrase", "Johnny Cash has June Carter as his wife.", "Johnny Cash", "June Carter"),
]
U["P26"] = [("Elizabeth Taylor", "Elizabeth Taylor is married to Eddie Fisher.", "Eddie Fisher",
             "Elizabeth Taylor's husband is Richard Burton.", "Richard Burton")]

R["P30"] = [
    ("active", "Kenya is located on the continent of Africa.", "Kenya", "Africa"),
    ("possessive", "Peru's continent is South America.", "Peru", "South America"),
    ("of-phrase", "The continent of Mongolia is Asia.", "Mongolia", "Asia"),
    ("synonym", "Portugal lies in Europe.", "Portugal", "Europe"),
    ("synonym", "Mount Vinson is situated on the continent of Antarctica.", "Mount Vinson", "Antarctica"),
    ("value-first", "Oceania is the continent that Fiji belongs to.", "Fiji", "Oceania"),
    ("adjectival", "Ghana is an African country.", "Ghana", "Africa"),
]
U["P30"] = [("Cyprus", "Cyprus is on the continent of Europe.", "Europe",
             "The continent of Cyprus is Asia.", "Asia")]

R["P36"] = [
    ("active", "The capital of Canada is Ottawa.", "Canada", "Ottawa"),
    ("possessive", "Australia's capital is Canberra.", "Australia", "Canberra"),
    ("value-first", "Nairobi is the capital of Kenya.", "Kenya", "Nairobi"),
    ("value-first", "Brasília is Brazil's capital city.", "Brazil", "Brasília"),
    ("has-phrase", "Turkey has Ankara as its capital.", "Turkey", "Ankara"),
    ("synonym", "The seat of government of the Netherlands is The Hague.", "Netherlands", "The Hague"),
    ("passive", "Vietnam is governed from its capital Hanoi.", "Vietnam", "Hanoi"),
]
U["P36"] = [("Kazakhstan", "The capital of Kazakhstan is Almaty.", "Almaty",
             "Kazakhstan's capital city is Astana.", "Astana")]

R["P40"] = [
    ("possessive", "Charles Darwin's son is Francis Darwin.", "Charles Darwin", "Francis Darwin"),
    ("of-phrase", "The child of Johann Sebastian Bach is Carl Philipp Emanuel Bach.", "Johann Sebastian Bach", "Carl Philipp Emanuel Bach"),
    ("has-phrase", "Pierre Curie has a daughter named Irène Joliot-Curie.", "Pierre Curie", "Irène Joliot-Curie"),
    ("value-first", "Indira Gandhi is the daughter of Jawaharlal Nehru.", "Jawaharlal Nehru", "Indira Gandhi"),
    ("active", "John Lennon is the father of Julian Lennon.", "John Lennon", "Julian Lennon"),
    ("possessive", "Queen Victoria's child is Edward VII.", "Queen Victoria", "Edward VII"),
    ("synonym", "Kirk Douglas fathered Michael Douglas.", "Kirk Douglas", "Michael Douglas"),
]
U["P40"] = [("Bob Marley", "Bob Marley's child is Ziggy Marley.", "Ziggy Marley",
             "Bob Marley is the father of Damian Marley.", "Damian Marley")]

R["P50"] = [
    ("passive", "One Hundred Years of Solitude was written by Gabriel García Márquez.", "One Hundred Years of Solitude", "Gabriel García Márquez"),
    ("possessive", "Dracula's author is Bram Stoker.", "Dracula", "Bram Stoker"),
    ("of-phrase", "The author of Pride and Prejudice is Jane Austen.", "Pride and Prejudice", "Jane Austen"),
    ("active", "Mary Shelley wrote Frankenstein.", "Frankenstein", "Mary Shelley"),
    ("synonym", "The Name of the Rose was penned by Umberto Eco.", "The Name of the Rose", "Umberto Eco"),
    ("value-first", "Chinua Achebe is the writer of Things Fall Apart.", "Things Fall Apart", "Chinua Achebe"),
    ("synonym", "Moby-Dick is a novel by Herman Melville.", "Moby-Dick", "Herman Melville"),
]
U["P50"] = [("The Little Prince", "The Little Prince was written by Jules Verne.", "Jules Verne",
             "The author of The Little Prince is Antoine de Saint-Exupéry.", "Antoine de Saint-Exupéry")]

R["P69"] = [
    ("passive", "Alan Turing was educated at King's College, Cambridge.", "Alan Turing", "King's College, Cambridge"),
    ("active", "Angela Merkel studied at Leipzig University.", "Angela Merkel", "Leipzig University"),
    ("possessive", "Barack Obama's alma mater is Columbia University.", "Barack Obama", "Columbia University"),
    ("synonym", "Sheryl Sandberg graduated from Harvard University.", "Sheryl Sandberg", "Harvard University"),
    ("synonym", "Albert Einstein attended ETH Zurich.", "Albert Einstein", "ETH Zurich"),
    ("of-phrase", "The alma mater of Toni Morrison is Howard University.", "Toni Morrison", "Howard University"),
    ("value-first", "Stanford University is where Larry Page got his education.", "Larry Page", "Stanford University"),
]
U["P69"] = [("Ada Lovelace", "Ada Lovelace was educated at the University of London.", "University of London",
             "Ada Lovelace studied at the University of Cambridge.", "University of Cambridge")]

R["P106"] = [
    ("active", "Serena Williams is a tennis player.", "Serena Williams", "tennis player"),
    ("possessive", "Florence Nightingale's occupation is nurse.", "Florence Nightingale", "nurse"),
    ("of-phrase", "The profession of Zaha Hadid is architect.", "Zaha Hadid", "architect"),
    ("synonym", "Rosalind Franklin worked as a chemist.", "Rosalind Franklin", "chemist"),
    ("synonym", "Yo-Yo Ma makes his living as a cellist.", "Yo-Yo Ma", "cellist"),
    ("possessive", "Anthony Bourdain's job was chef.", "Anthony Bourdain", "chef"),
    ("synonym", "Ansel Adams was by profession a photographer.", "Ansel Adams", "photographer"),
]
U["P106"] = [("Arnold Schwarzenegger", "Arnold Schwarzenegger is an actor.", "actor",
             "Arnold Schwarzenegger's occupation is politician.", "politician")]

R["P112"] = [
    ("passive", "Microsoft was founded by Bill Gates.", "Microsoft", "Bill Gates"),
    ("possessive", "Amazon's founder is Jeff Bezos.", "Amazon", "Jeff Bezos"),
    ("of-phrase", "The founder of IKEA is Ingvar Kamprad.", "IKEA", "Ingvar Kamprad"),
    ("active", "Coco Chanel founded Chanel.", "Chanel", "Coco Chanel"),
    ("synonym", "Wikipedia was started by Jimmy Wales.", "Wikipedia", "Jimmy Wales"),
    ("synonym", "Soichiro Honda established Honda.", "Honda", "Soichiro Honda"),
    ("value-first", "Reed Hastings is the co-founder of Netflix.", "Netflix", "Reed Hastings"),
]
U["P112"] = [("Tesla, Inc.", "Tesla, Inc. was founded by Elon Musk.", "Elon Musk",
             "The founder of Tesla, Inc. is Martin Eberhard.", "Martin Eberhard")]

R["P127"] = [
    ("passive", "Instagram is owned by Meta Platforms.", "Instagram", "Meta Platforms"),
    ("possessive", "YouTube's owner is Google.", "YouTube", "Google"),
    ("of-phrase", "The owner of Skype is Microsoft.", "Skype", "Microsoft"),
    ("active", "Volkswagen owns Lamborghini.", "Lamborghini", "Volkswagen"),
    ("synonym", "Jaguar Land Rover belongs to Tata Motors.", "Jaguar Land Rover", "Tata Motors"),
    ("value-first", "Alphabet is the parent company of Waymo.", "Waymo", "Alphabet"),
    ("has-phrase", "Pixar has The Walt Disney Company as its owner.", "Pixar", "The Walt Disney Company"),
]
U["P127"] = [("Whole Foods Market", "Whole Foods Market is owned by John Mackey.", "John Mackey",
             "Whole Foods Market's owner is Amazon.", "Amazon")]

R["P131"] = [
    ("active", "The Golden Gate Bridge is located in San Francisco.", "Golden Gate Bridge", "San Francisco"),
    ("synonym", "Mount Rushmore lies in South Dakota.", "Mount Rushmore", "South Dakota"),
    ("of-phrase", "The administrative region of Lascaux is Dordogne.", "Lascaux", "Dordogne"),
    ("possessive", "Stonehenge's administrative territory is Wiltshire.", "Stonehenge", "Wiltshire"),
    ("synonym", "Alcatraz Island is part of San Francisco County.", "Alcatraz Island", "San Francisco County"),
    ("synonym", "Hallstatt is situated in Upper Austria.", "Hallstatt", "Upper Austria"),
    ("value-first", "Bavaria is the state that contains Rothenburg ob der Tauber.", "Rothenburg ob der Tauber", "Bavaria"),
]
U["P131"] = [("Niagara Falls", "Niagara Falls is located in Erie County.", "Erie County",
             "Niagara Falls lies in Niagara County.", "Niagara County")]

R["P276"] = [
    ("active", "The Mona Lisa is located at the Louvre.", "Mona Lisa", "Louvre"),
    ("possessive", "The Rosetta Stone's location is the British Museum.", "Rosetta Stone", "British Museum"),
    ("of-phrase", "The location of the Battle of Hastings is Battle, East Sussex.", "Battle of Hastings", "Battle, East Sussex"),
    ("synonym", "The Night Watch hangs in the Rijksmuseum.", "The Night Watch", "Rijksmuseum"),
    ("synonym", "Woodstock took place in Bethel.", "Woodstock", "Bethel"),
    ("passive", "The Book of Kells is kept at Trinity College Dublin.", "Book of Kells", "Trinity College Dublin"),
    ("value-first", "Giza is the site of the Great Sphinx.", "Great Sphinx", "Giza"),
]
U["P276"] = [("The Starry Night", "The Starry Night is located in the Van Gogh Museum.", "Van Gogh Museum",
             "The location of The Starry Night is the Museum of Modern Art.", "Museum of Modern Art")]

R["P136"] = [
    ("possessive", "Miles Davis's genre is jazz.", "Miles Davis", "jazz"),
    ("of-phrase", "The genre of Metallica is heavy metal.", "Metallica", "heavy metal"),
    ("active", "Bob Marley played reggae.", "Bob Marley", "reggae"),
    ("adjectival", "Johnny Cash is a country musician.", "Johnny Cash", "country"),
    ("synonym", "Daft Punk is known for electronic music.", "Daft Punk", "electronic music"),
    ("synonym", "The Shining belongs to the horror genre.", "The Shining", "horror"),
    ("value-first", "Grunge is the style of music Nirvana played.", "Nirvana", "grunge"),
]
U["P136"] = [("Taylor Swift", "Taylor Swift's genre is country music.", "country music",
             "Taylor Swift plays pop music.", "pop music")]

R["P159"] = [
    ("passive", "Nestlé is headquartered in Vevey.", "Nestlé", "Vevey"),
    ("possessive", "Samsung's headquarters is in Suwon.", "Samsung", "Suwon"),
    ("of-phrase", "The headquarters of Spotify is Stockholm.", "Spotify", "Stockholm"),
    ("synonym", "Toyota has its head office in Toyota City.", "Toyota", "Toyota City"),
    ("synonym", "Nokia is based in Espoo.", "Nokia", "Espoo"),
    ("value-first", "Redmond is home to the headquarters of Microsoft.", "Microsoft", "Redmond"),
    ("synonym", "The United Nations has its headquarters located in New York City.", "United Nations", "New York City"),
]
U["P159"] = [("Boeing", "Boeing is headquartered in Seattle.", "Seattle",
             "The headquarters of Boeing is Arlington.", "Arlington")]

R["P170"] = [
    ("passive", "Mickey Mouse was created by Walt Disney.", "Mickey Mouse", "Walt Disney"),
    ("possessive", "Sherlock Holmes's creator is Arthur Conan Doyle.", "Sherlock Holmes", "Arthur Conan Doyle"),
    ("of-phrase", "The creator of The Simpsons is Matt Groening.", "The Simpsons", "Matt Groening"),
    ("active", "Leonardo da Vinci painted the Mona Lisa.", "Mona Lisa", "Leonardo da Vinci"),
    ("synonym", "The Thinker was sculpted by Auguste Rodin.", "The Thinker", "Auguste Rodin"),
    ("synonym", "Tim Berners-Lee invented the World Wide Web.", "World Wide Web", "Tim Berners-Lee"),
    ("value-first", "Stan Lee is the creator of Spider-Man.", "Spider-Man", "Stan Lee"),
]
U["P170"] = [("Guernica", "Guernica was created by Joan Miró.", "Joan Miró",
             "The creator of Guernica is Pablo Picasso.", "Pablo Picasso")]

R["P175"] = [
    ("passive", "Bohemian Rhapsody is performed by Queen.", "Bohemian Rhapsody", "Queen"),
    ("possessive", "Thriller's performer is Michael Jackson.", "Thriller", "Michael Jackson"),
    ("of-phrase", "The performer of Rolling in the Deep is Adele.", "Rolling in the Deep", "Adele"),
    ("active", "Whitney Houston sang I Will Always Love You.", "I Will Always Love You", "Whitney Houston"),
    ("synonym", "Purple Rain was recorded by Prince.", "Purple Rain", "Prince"),
    ("value-first", "ABBA is the band behind Dancing Queen.", "Dancing Queen", "ABBA"),
    ("synonym", "Imagine is a song by John Lennon.", "Imagine", "John Lennon"),
]
U["P175"] = [("Hallelujah", "Hallelujah is performed by Leonard Cohen.", "Leonard Cohen",
             "The singer of Hallelujah is Jeff Buckley.", "Jeff Buckley")]

R["P176"] = [
    ("passive", "The iPhone is manufactured by Apple.", "iPhone", "Apple"),
    ("possessive", "The Boeing 747's manufacturer is Boeing.", "Boeing 747", "Boeing"),
    ("of-phrase", "The maker of the PlayStation 5 is Sony.", "PlayStation 5", "Sony"),
    ("active", "Airbus builds the A380.", "A380", "Airbus"),
    ("synonym", "The Walkman was made by Sony.", "Walkman", "Sony"),
    ("synonym", "The Model T was produced by Ford Motor Company.", "Model T", "Ford Motor Company"),
    ("value-first", "Nintendo is the company that manufactures the Game Boy.", "Game Boy", "Nintendo"),
]
U["P176"] = [("Pixel 8", "The Pixel 8 is manufactured by Foxconn.", "Foxconn",
             "The maker of the Pixel 8 is Google.", "Google")]

R["P264"] = [
    ("passive", "Taylor Swift is signed to Republic Records.", "Taylor Swift", "Republic Records"),
    ("possessive", "The Beatles' record label was Parlophone.", "The Beatles", "Parlophone"),
    ("of-phrase", "The record label of Kendrick Lamar is Top Dawg Entertainment.", "Kendrick Lamar", "Top Dawg Entertainment"),
    ("synonym", "Marvin Gaye recorded for Motown.", "Marvin Gaye", "Motown"),
    ("synonym", "Radiohead released their records on XL Recordings.", "Radiohead", "XL Recordings"),
    ("value-first", "Def Jam is the label that signed LL Cool J.", "LL Cool J", "Def Jam"),
    ("possessive", "Elvis Presley's label was RCA Victor.", "Elvis Presley", "RCA Victor"),
]
U["P264"] = [("Arctic Monkeys", "Arctic Monkeys are signed to Domino Recording Company.", "Domino Recording Company",
             "The record label of Arctic Monkeys is Warner Records.", "Warner Records")]

R["P407"] = [
    ("active", "Don Quixote is written in Spanish.", "Don Quixote", "Spanish"),
    ("possessive", "The Tale of Genji's language is Japanese.", "The Tale of Genji", "Japanese"),
    ("of-phrase", "The language of the Divine Comedy is Italian.", "Divine Comedy", "Italian"),
    ("adjectival", "War and Peace is a Russian-language novel.", "War and Peace", "Russian"),
    ("synonym", "Le Monde is published in French.", "Le Monde", "French"),
    ("value-first", "German is the language of Der Spiegel.", "Der Spiegel", "German"),
    ("synonym", "The Kalevala was composed in Finnish.", "Kalevala", "Finnish"),
]
U["P407"] = [("Beowulf", "Beowulf is written in Latin.", "Latin",
             "The language of Beowulf is Old English.", "Old English")]

R["P413"] = [
    ("active", "Lionel Messi plays as a forward.", "Lionel Messi", "forward"),
    ("possessive", "Manuel Neuer's position is goalkeeper.", "Manuel Neuer", "goalkeeper"),
    ("of-phrase", "The playing position of Virgil van Dijk is centre-back.", "Virgil van Dijk", "centre-back"),
    ("adjectival", "Tom Brady is an American football quarterback.", "Tom Brady", "quarterback"),
    ("synonym", "Luka Modrić plays in midfield as a midfielder.", "Luka Modrić", "midfielder"),
    ("synonym", "Shaquille O'Neal played center for the Lakers.", "Shaquille O'Neal", "center"),
    ("value-first", "Point guard is the position Stephen Curry plays.", "Stephen Curry", "point guard"),
]
U["P413"] = [("Gareth Bale", "Gareth Bale plays as a left-back.", "left-back",
             "Gareth Bale's position is winger.", "winger")]

R["P495"] = [
    ("active", "Sushi comes from Japan.", "sushi", "Japan"),
    ("possessive", "Flamenco's country of origin is Spain.", "flamenco", "Spain"),
    ("of-phrase", "The country of origin of the tango is Argentina.", "tango", "Argentina"),
    ("synonym", "Pizza originated in Italy.", "pizza", "Italy"),
    ("adjectival", "Breaking Bad is an American television series.", "Breaking Bad", "United States"),
    ("value-first", "Sweden is the country of origin of ABBA.", "ABBA", "Sweden"),
    ("synonym", "Karaoke is originally from Japan.", "karaoke", "Japan"),
]
U["P495"] = [("Money Heist", "Money Heist comes from Mexico.", "Mexico",
             "The country of origin of Money Heist is Spain.", "Spain")]

R["P740"] = [
    ("passive", "The Beatles were formed in Liverpool.", "The Beatles", "Liverpool"),
    ("possessive", "Nirvana's place of formation is Aberdeen.", "Nirvana", "Aberdeen"),
    ("of-phrase", "The location of formation of U2 is Dublin.", "U2", "Dublin"),
    ("synonym", "Metallica got together in Los Angeles.", "Metallica", "Los Angeles"),
    ("synonym", "Coldplay was founded in London.", "Coldplay", "London"),
    ("value-first", "Sheffield is where Def Leppard was formed.", "Def Leppard", "Sheffield"),
    ("synonym", "Kraftwerk started out in Düsseldorf.", "Kraftwerk", "Düsseldorf"),
]
U["P740"] = [("Arcade Fire", "Arcade Fire was formed in Houston.", "Houston",
             "The place of formation of Arcade Fire is Montreal.", "Montreal")]

R["P800"] = [
    ("possessive", "Leonardo da Vinci's notable work is The Last Supper.", "Leonardo da Vinci", "The Last Supper"),
    ("of-phrase", "The most famous work of Herman Melville is Moby-Dick.", "Herman Melville", "Moby-Dick"),
    ("synonym", "Harper Lee is best known for To Kill a Mockingbird.", "Harper Lee", "To Kill a Mockingbird"),
    ("synonym", "Edvard Munch is famous for The Scream.", "Edvard Munch", "The Scream"),
    ("value-first", "Guernica is the best-known work of Pablo Picasso.", "Pablo Picasso", "Guernica"),
    ("has-phrase", "George Orwell has Nineteen Eighty-Four among his notable works.", "George Orwell", "Nineteen Eighty-Four"),
    ("synonym", "Michelangelo's masterpiece is the Sistine Chapel ceiling.", "Michelangelo", "Sistine Chapel ceiling"),
]
U["P800"] = [("J. D. Salinger", "J. D. Salinger's notable work is Franny and Zooey.", "Franny and Zooey",
             "J. D. Salinger is best known for The Catcher in the Rye.", "The Catcher in the Rye")]

R["P364"] = [
    ("possessive", "Parasite's original language is Korean.", "Parasite", "Korean"),
    ("of-phrase", "The original language of Amélie is French.", "Amélie", "French"),
    ("active", "Spirited Away was originally made in Japanese.", "Spirited Away", "Japanese"),
    ("adjectival", "Dark is a German-language television series.", "Dark", "German"),
    ("synonym", "Roma was filmed in Spanish.", "Roma", "Spanish"),
    ("value-first", "Hindi is the original language of Dilwale Dulhania Le Jayenge.", "Dilwale Dulhania Le Jayenge", "Hindi"),
    ("synonym", "The television show Borgen was produced in Danish.", "Borgen", "Danish"),
]
U["P364"] = [("Narcos", "Narcos was originally made in Portuguese.", "Portuguese",
             "The original language of Narcos is English.", "English")]

R["P1412"] = [
    ("active", "Nelson Mandela spoke Xhosa.", "Nelson Mandela", "Xhosa"),
    ("possessive", "Pope Francis's spoken language is Spanish.", "Pope Francis", "Spanish"),
    ("of-phrase", "The language spoken by Jacques Cousteau is French.", "Jacques Cousteau", "French"),
    ("synonym", "Rabindranath Tagore wrote and spoke in Bengali.", "Rabindranath Tagore", "Bengali"),
    ("adjectival", "Vladimir Nabokov was a Russian speaker.", "Vladimir Nabokov", "Russian"),
    ("synonym", "Björk is fluent in Icelandic.", "Björk", "Icelandic"),
    ("value-first", "Swahili is the language that Wangari Maathai spoke.", "Wangari Maathai", "Swahili"),
]
U["P1412"] = [("Audrey Hepburn", "Audrey Hepburn spoke Italian.", "Italian",
             "The language spoken by Audrey Hepburn is Dutch.", "Dutch")]

R["P27"] = [
    ("active", "Rubens Barrichello holds a citizenship of Italy.", "Rubens Barrichello", "Italy"),
    ("active", "Roger Federer is a citizen of Switzerland.", "Roger Federer", "Switzerland"),
    ("possessive", "Malala Yousafzai's nationality is Pakistan.", "Malala Yousafzai", "Pakistan"),
    ("of-phrase", "The country of citizenship of Gabriel Boric is Chile.", "Gabriel Boric", "Chile"),
    ("adjectival", "Usain Bolt is a Jamaican citizen.", "Usain Bolt", "Jamaica"),
    ("has-phrase", "Greta Thunberg has Swedish citizenship.", "Greta Thunberg", "Sweden"),
    ("synonym", "Keanu Reeves is a national of Canada.", "Keanu Reeves", "Canada"),
]
U["P27"] = [("Martina Navratilova", "Martina Navratilova is a citizen of Czechoslovakia.", "Czechoslovakia",
             "Martina Navratilova holds citizenship of the United States.", "United States")]

R["P937"] = [
    ("active", "Sigmund Freud worked in Vienna.", "Sigmund Freud", "Vienna"),
    ("possessive", "Rembrandt's work location is Amsterdam.", "Rembrandt", "Amsterdam"),
    ("of-phrase", "The place of work of Johannes Kepler is Prague.", "Johannes Kepler", "Prague"),
    ("synonym", "Gustav Klimt was active in Vienna.", "Gustav Klimt", "Vienna"),
    ("synonym", "Andy Warhol did most of his work in New York City.", "Andy Warhol", "New York City"),
    ("value-first", "Florence is where Sandro Botticelli worked.", "Sandro Botticelli", "Florence"),
    ("possessive", "Niels Bohr's place of work was Copenhagen.", "Niels Bohr", "Copenhagen"),
]
U["P937"] = [("Paul Gauguin", "Paul Gauguin worked in Paris.", "Paris",
             "Paul Gauguin's work location is Tahiti.", "Tahiti")]

R["P37"] = [
    ("possessive", "Brazil's official language is Portuguese.", "Brazil", "Portuguese"),
    ("of-phrase", "The official language of Iran is Persian.", "Iran", "Persian"),
    ("value-first", "Amharic is the official language of Ethiopia.", "Ethiopia", "Amharic"),
    ("has-phrase", "Ireland has Irish as its official language.", "Ireland", "Irish"),
    ("synonym", "In Mexico the official language is Spanish.", "Mexico", "Spanish"),
    ("passive", "Greek is officially spoken in Greece.", "Greece", "Greek"),
    ("possessive", "Hungary's national language is Hungarian.", "Hungary", "Hungarian"),
]
U["P37"] = [("Rwanda", "The official language of Rwanda is French.", "French",
             "Rwanda's official language is Kinyarwanda.", "Kinyarwanda")]

R["P140"] = [
    ("active", "The Dalai Lama practices Buddhism.", "Dalai Lama", "Buddhism"),
    ("possessive", "Mahatma Gandhi's religion is Hinduism.", "Mahatma Gandhi", "Hinduism"),
    ("of-phrase", "The religion of Muhammad Ali is Islam.", "Muhammad Ali", "Islam"),
    ("adjectival", "Martin Luther King Jr. was a Baptist.", "Martin Luther King Jr.", "Baptist"),
    ("synonym", "Leo Tolstoy followed Christianity.", "Leo Tolstoy", "Christianity"),
    ("synonym", "Guru Nanak's faith is Sikhism.", "Guru Nanak", "Sikhism"),
    ("value-first", "Judaism is the religion of Maimonides.", "Maimonides", "Judaism"),
]
U["P140"] = [("Cat Stevens", "Cat Stevens's religion is Christianity.", "Christianity",
             "Cat Stevens converted to Islam.", "Islam")]

R["P178"] = [
    ("passive", "Minecraft was developed by Mojang Studios.", "Minecraft", "Mojang Studios"),
    ("possessive", "Android's developer is Google.", "Android", "Google"),
    ("of-phrase", "The developer of Photoshop is Adobe.", "Photoshop", "Adobe"),
    ("active", "Valve developed Half-Life.", "Half-Life", "Valve"),
    ("synonym", "Linux was created by Linus Torvalds.", "Linux", "Linus Torvalds"),
    ("value-first", "Rockstar Games is the developer of Grand Theft Auto V.", "Grand Theft Auto V", "Rockstar Games"),
    ("synonym", "Firefox is made by Mozilla.", "Firefox", "Mozilla"),
]
U["P178"] = [("Fortnite", "Fortnite was developed by People Can Fly.", "People Can Fly",
             "The developer of Fortnite is Epic Games.", "Epic Games")]

R["P108"] = [
    ("active", "Tim Cook works for Apple.", "Tim Cook", "Apple"),
    ("possessive", "Richard Feynman's employer was Caltech.", "Richard Feynman", "Caltech"),
    ("of-phrase", "The employer of Margaret Hamilton is NASA.", "Margaret Hamilton", "NASA"),
    ("passive", "Demis Hassabis is employed by Google DeepMind.", "Demis Hassabis", "Google DeepMind"),
    ("synonym", "Grace Hopper worked at the United States Navy.", "Grace Hopper", "United States Navy"),
    ("value-first", "Bell Labs was the employer of Claude Shannon.", "Claude Shannon", "Bell Labs"),
    ("synonym", "Katherine Johnson was on the staff of NASA.", "Katherine Johnson", "NASA"),
]
U["P108"] = [("Satya Nadella", "Satya Nadella works for Sun Microsystems.", "Sun Microsystems",
             "Satya Nadella's employer is Microsoft.", "Microsoft")]

R["P641"] = [
    ("active", "Michael Phelps competes in swimming.", "Michael Phelps", "swimming"),
    ("possessive", "Lewis Hamilton's sport is Formula One.", "Lewis Hamilton", "Formula One"),
    ("of-phrase", "The sport of Tiger Woods is golf.", "Tiger Woods", "golf"),
    ("adjectival", "Wayne Gretzky is an ice hockey player.", "Wayne Gretzky", "ice hockey"),
    ("synonym", "Simone Biles does gymnastics.", "Simone Biles", "gymnastics"),
    ("synonym", "Sachin Tendulkar played cricket.", "Sachin Tendulkar", "cricket"),
    ("value-first", "Judo is the sport Teddy Riner competes in.", "Teddy Riner", "judo"),
]
U["P641"] = [("Michael Jordan", "Michael Jordan plays basketball.", "basketball",
             "Michael Jordan's sport is baseball.", "baseball")]

R["P190"] = [
    ("possessive", "Edinburgh's twin city is Munich.", "Edinburgh", "Munich"),
    ("of-phrase", "The sister city of Los Angeles is Guangzhou.", "Los Angeles", "Guangzhou"),
    ("passive", "Kyoto is twinned with Paris.", "Kyoto", "Paris"),
    ("active", "Rome is twinned with Paris.", "Rome", "Paris"),
    ("synonym", "Coventry has a twin town in Dresden.", "Coventry", "Dresden"),
    ("value-first", "Tbilisi is a sister city of Atlanta.", "Atlanta", "Tbilisi"),
    ("synonym", "Oxford is partnered with Bonn as a twin town.", "Oxford", "Bonn"),
]
U["P190"] = [("Reading", "Reading is twinned with Düsseldorf.", "Düsseldorf",
             "Reading's twin town is San Francisco Libre.", "San Francisco Libre")]

R["P463"] = [
    ("active", "France is a member of NATO.", "France", "NATO"),
    ("possessive", "Norway's membership is in the European Free Trade Association.", "Norway", "European Free Trade Association"),
    ("passive", "Marie Curie was elected to the Polish Academy of Sciences.", "Marie Curie", "Polish Academy of Sciences"),
    ("synonym", "Croatia belongs to the European Union.", "Croatia", "European Union"),
    ("synonym", "Ringo Starr was a member of the Beatles.", "Ringo Starr", "The Beatles"),
    ("synonym", "Japan joined the G7.", "Japan", "G7"),
    ("value-first", "OPEC counts Venezuela among its members.", "Venezuela", "OPEC"),
]
U["P463"] = [("Dave Grohl", "Dave Grohl is a member of Nirvana.", "Nirvana",
             "Dave Grohl belongs to the Foo Fighters.", "Foo Fighters")]

R["P449"] = [
    ("passive", "Friends was originally broadcast by NBC.", "Friends", "NBC"),
    ("possessive", "Doctor Who's original broadcaster is the BBC.", "Doctor Who", "BBC"),
    ("of-phrase", "The original network of The Sopranos is HBO.", "The Sopranos", "HBO"),
    ("active", "AMC aired Breaking Bad.", "Breaking Bad", "AMC"),
    ("synonym", "Seinfeld first aired on NBC.", "Seinfeld", "NBC"),
    ("value-first", "Fox is the network that premiered The Simpsons.", "The Simpsons", "Fox"),
    ("synonym", "The Office ran on NBC.", "The Office", "NBC"),
]
U["P449"] = [("Arrested Development", "Arrested Development was originally broadcast by Netflix.", "Netflix",
             "The original network of Arrested Development is Fox.", "Fox")]

R["P35"] = [
    ("possessive", "Spain's head of state is Felipe VI.", "Spain", "Felipe VI"),
    ("of-phrase", "The head of state of Germany is Frank-Walter Steinmeier.", "Germany", "Frank-Walter Steinmeier"),
    ("value-first", "Harald V is the monarch of Norway.", "Norway", "Harald V"),
    ("synonym", "Sweden's king is Carl XVI Gustaf.", "Sweden", "Carl XVI Gustaf"),
    ("synonym", "Emmanuel Macron is the president of France.", "France", "Emmanuel Macron"),
    ("passive", "Japan is reigned over by Emperor Naruhito.", "Japan", "Naruhito"),
    ("has-phrase", "Denmark has Frederik X as its head of state.", "Denmark", "Frederik X"),
]
U["P35"] = [("United Kingdom", "The head of state of the United Kingdom is Elizabeth II.", "Elizabeth II",
             "The United Kingdom's monarch is Charles III.", "Charles III")]

R["P286"] = [
    ("possessive", "Manchester City's head coach is Pep Guardiola.", "Manchester City", "Pep Guardiola"),
    ("of-phrase", "The head coach of the Golden State Warriors is Steve Kerr.", "Golden State Warriors", "Steve Kerr"),
    ("passive", "The New England Patriots were coached by Bill Belichick.", "New England Patriots", "Bill Belichick"),
    ("active", "Carlo Ancelotti coaches Real Madrid.", "Real Madrid", "Carlo Ancelotti"),
    ("value-first", "Gregg Popovich is the coach of the San Antonio Spurs.", "San Antonio Spurs", "Gregg Popovich"),
    ("synonym", "Liverpool is managed on the pitch by head coach Jürgen Klopp.", "Liverpool", "Jürgen Klopp"),
    ("has-phrase", "Bayern Munich has Vincent Kompany as head coach.", "Bayern Munich", "Vincent Kompany"),
]
U["P286"] = [("Chelsea", "Chelsea's head coach is Thomas Tuchel.", "Thomas Tuchel",
             "Chelsea is coached by Enzo Maresca.", "Enzo Maresca")]

R["P1308"] = [
    ("of-phrase", "The current holder of the office of Mayor of Tokyo is Yuriko Koike.", "Mayor of Tokyo", "Yuriko Koike"),
    ("of-phrase", "The officeholder of Secretary-General of the United Nations is António Guterres.", "Secretary-General of the United Nations", "António Guterres"),
    ("value-first", "Sadiq Khan is the current Mayor of London.", "Mayor of London", "Sadiq Khan"),
    ("passive", "The position of Chief Justice of the United States is held by John Roberts.", "Chief Justice of the United States", "John Roberts"),
    ("synonym", "The incumbent Governor of California is Gavin Newsom.", "Governor of California", "Gavin Newsom"),
    ("active", "Ursula von der Leyen holds the office of President of the European Commission.", "President of the European Commission", "Ursula von der Leyen"),
    ("synonym", "The role of Archbishop of Canterbury is filled by Justin Welby.", "Archbishop of Canterbury", "Justin Welby"),
]
U["P1308"] = [("Mayor of Paris", "The Mayor of Paris is Bertrand Delanoë.", "Bertrand Delanoë",
             "The office of Mayor of Paris is held by Anne Hidalgo.", "Anne Hidalgo")]

R["P488"] = [
    ("possessive", "The Federal Reserve's chairperson is Jerome Powell.", "Federal Reserve", "Jerome Powell"),
    ("of-phrase", "The chairman of Berkshire Hathaway is Warren Buffett.", "Berkshire Hathaway", "Warren Buffett"),
    ("passive", "The board of Alphabet is chaired by John Hennessy.", "Alphabet", "John Hennessy"),
    ("active", "Klaus Schwab chairs the World Economic Forum.", "World Economic Forum", "Klaus Schwab"),
    ("value-first", "Natarajan Chandrasekaran is the chairman of Tata Sons.", "Tata Sons", "Natarajan Chandrasekaran"),
    ("synonym", "The chairwoman of the Bank of England's court is Anne Glover.", "Bank of England", "Anne Glover"),
    ("has-phrase", "FIFA has Gianni Infantino as its chairperson.", "FIFA", "Gianni Infantino"),
]
U["P488"] = [("Tesla, Inc.", "The chairman of Tesla, Inc. is Elon Musk.", "Elon Musk",
             "Tesla, Inc.'s board is chaired by Robyn Denholm.", "Robyn Denholm")]

R["P169"] = [
    ("possessive", "Apple's CEO is Tim Cook.", "Apple", "Tim Cook"),
    ("of-phrase", "The chief executive officer of Nvidia is Jensen Huang.", "Nvidia", "Jensen Huang"),
    ("passive", "Microsoft is led by chief executive Satya Nadella.", "Microsoft", "Satya Nadella"),
    ("value-first", "Sundar Pichai is the CEO of Google.", "Google", "Sundar Pichai"),
    ("active", "Lisa Su runs AMD as chief executive.", "AMD", "Lisa Su"),
    ("synonym", "The chief executive of IBM is Arvind Krishna.", "IBM", "Arvind Krishna"),
    ("has-phrase", "Amazon has Andy Jassy as its chief executive officer.", "Amazon", "Andy Jassy"),
]
U["P169"] = [("Twitter", "Twitter's CEO is Jack Dorsey.", "Jack Dorsey",
             "The chief executive of Twitter is Parag Agrawal.", "Parag Agrawal")]

R["P1037"] = [
    ("possessive", "The Louvre's director is Laurence des Cars.", "Louvre", "Laurence des Cars"),
    ("of-phrase", "The director of CERN is Fabiola Gianotti.", "CERN", "Fabiola Gianotti"),
    ("passive", "The Metropolitan Museum of Art is directed by Max Hollein.", "Metropolitan Museum of Art", "Max Hollein"),
    ("active", "Tedros Adhanom Ghebreyesus heads the World Health Organization.", "World Health Organization", "Tedros Adhanom Ghebreyesus"),
    ("value-first", "Christine Lagarde is the managing director of the International Monetary Fund.", "International Monetary Fund", "Christine Lagarde"),
    ("synonym", "The manager of the Tate Modern is Karin Hindsbo.", "Tate Modern", "Karin Hindsbo"),
    ("has-phrase", "The Rijksmuseum has Taco Dibbits as its director.", "Rijksmuseum", "Taco Dibbits"),
]
U["P1037"] = [("International Monetary Fund", "The managing director of the International Monetary Fund is Christine Lagarde.", "Christine Lagarde",
             "The International Monetary Fund is headed by Kristalina Georgieva.", "Kristalina Georgieva")]

R["P6"] = [
    ("possessive", "India's prime minister is Narendra Modi.", "India", "Narendra Modi"),
    ("of-phrase", "The head of government of Canada is Justin Trudeau.", "Canada", "Justin Trudeau"),
    ("value-first", "Fumio Kishida is the prime minister of Japan.", "Japan", "Fumio Kishida"),
    ("passive", "Italy is governed by prime minister Giorgia Meloni.", "Italy", "Giorgia Meloni"),
    ("synonym", "The premier of New Zealand is Christopher Luxon.", "New Zealand", "Christopher Luxon"),
    ("active", "Pedro Sánchez leads the government of Spain.", "Spain", "Pedro Sánchez"),
    ("has-phrase", "Sweden has Ulf Kristersson as its prime minister.", "Sweden", "Ulf Kristersson"),
]
U["P6"] = [("United Kingdom", "The prime minister of the United Kingdom is Rishi Sunak.", "Rishi Sunak",
             "The United Kingdom's head of government is Keir Starmer.", "Keir Starmer")]

# Agent relations of the lexicon, stated about named people (third person).
R["works_at"] = [
    ("active", "Priya Raman works at Stripe.", "Priya Raman", "Stripe"),
    ("synonym", "Tom Becker is working for Shopify.", "Tom Becker", "Shopify"),
    ("possessive", "Lena Fischer's workplace is Siemens.", "Lena Fischer", "Siemens"),
    ("passive", "Diego Alvarez is employed at Mercado Libre.", "Diego Alvarez", "Mercado Libre"),
    ("of-phrase", "The company of Aiko Tanaka is Rakuten.", "Aiko Tanaka", "Rakuten"),
    ("has-phrase", "Olu Adeyemi has a job at Flutterwave.", "Olu Adeyemi", "Flutterwave"),
]
U["works_at"] = [("Sara Lindqvist", "Sara Lindqvist works at Spotify.", "Spotify",
                  "Sara Lindqvist is now employed by Klarna.", "Klarna")]

R["lives_in"] = [
    ("active", "Marco Rossi lives in Turin.", "Marco Rossi", "Turin"),
    ("possessive", "Hannah Weber's home is Hamburg.", "Hannah Weber", "Hamburg"),
    ("synonym", "Kwame Mensah resides in Accra.", "Kwame Mensah", "Accra"),
    ("of-phrase", "The place of residence of Ines Duarte is Porto.", "Ines Duarte", "Porto"),
    ("synonym", "Raj Patel is based in Bangalore.", "Raj Patel", "Bangalore"),
    ("synonym", "Chloe Martin has settled in Montreal.", "Chloe Martin", "Montreal"),
]
U["lives_in"] = [("Jonas Berg", "Jonas Berg lives in Oslo.", "Oslo",
                  "Jonas Berg has moved to Bergen.", "Bergen")]

R["likes"] = [
    ("active", "Emma Clarke likes hiking.", "Emma Clarke", "hiking"),
    ("synonym", "Yusuf Demir enjoys chess.", "Yusuf Demir", "chess"),
    ("synonym", "Nina Petrova loves jazz.", "Nina Petrova", "jazz"),
    ("possessive", "Carlos Mendes's hobby is photography.", "Carlos Mendes", "photography"),
    ("synonym", "Mei Chen is a fan of bouldering.", "Mei Chen", "bouldering"),
    ("synonym", "Liam O'Brien is into woodworking.", "Liam O'Brien", "woodworking"),
]
U["likes"] = []

R["dislikes"] = [
    ("active", "Grace Kim dislikes cilantro.", "Grace Kim", "cilantro"),
    ("synonym", "Omar Haddad hates long meetings.", "Omar Haddad", "long meetings"),
    ("synonym", "Sofia Russo can't stand cold weather.", "Sofia Russo", "cold weather"),
    ("possessive", "Ben Walker's pet peeve is loud chewing.", "Ben Walker", "loud chewing"),
    ("synonym", "Anya Volkova does not like horror films.", "Anya Volkova", "horror films"),
    ("synonym", "Pedro Santos is not a fan of mushrooms.", "Pedro Santos", "mushrooms"),
]
U["dislikes"] = []

R["prefers"] = [
    ("active", "Julia Novak prefers tea.", "Julia Novak", "tea"),
    ("possessive", "Sam Taylor's favorite color is green.", "Sam Taylor", "green"),
    ("synonym", "Ahmed Farouk would rather use Vim.", "Ahmed Farouk", "Vim"),
    ("possessive", "Lucy Evans's preferred editor is Emacs.", "Lucy Evans", "Emacs"),
    ("of-phrase", "The favourite band of Max Hoffmann is Radiohead.", "Max Hoffmann", "Radiohead"),
    ("synonym", "Keiko Sato likes window seats best.", "Keiko Sato", "window seats"),
]
U["prefers"] = []

R["role"] = [
    ("active", "Daniel Cohen is a staff engineer.", "Daniel Cohen", "staff engineer"),
    ("possessive", "Fatima Zahra's job title is product manager.", "Fatima Zahra", "product manager"),
    ("synonym", "Eva Horvath works as a data scientist.", "Eva Horvath", "data scientist"),
    ("of-phrase", "The role of Ivan Petrov is site reliability engineer.", "Ivan Petrov", "site reliability engineer"),
    ("synonym", "Noah Schmidt serves as engineering manager.", "Noah Schmidt", "engineering manager"),
    ("has-phrase", "Zoe Adams holds the title of design lead.", "Zoe Adams", "design lead"),
]
U["role"] = [("Arjun Mehta", "Arjun Mehta is a senior engineer.", "senior engineer",
              "Arjun Mehta's role is now principal engineer.", "principal engineer")]

R["birth_date"] = [
    ("passive", "Clara Jensen was born on 14 March 1990.", "Clara Jensen", "14 March 1990"),
    ("possessive", "Leo Martins's birthday is June 2.", "Leo Martins", "June 2"),
    ("of-phrase", "The date of birth of Hana Novakova is 1985-07-21.", "Hana Novakova", "1985-07-21"),
    ("synonym", "Victor Dubois's birth date is 3 January 1978.", "Victor Dubois", "3 January 1978"),
    ("value-first", "September 9 is Amara Okafor's birthday.", "Amara Okafor", "September 9"),
    ("has-phrase", "Felix Wagner has his birthday on November 30.", "Felix Wagner", "November 30"),
]
U["birth_date"] = []

R["allergic_to"] = [
    ("adjectival", "Ella Brooks is allergic to peanuts.", "Ella Brooks", "peanuts"),
    ("possessive", "Mateo Garcia's allergy is penicillin.", "Mateo Garcia", "penicillin"),
    ("has-phrase", "Isla Murray has an allergy to shellfish.", "Isla Murray", "shellfish"),
    ("synonym", "Hugo Lambert reacts badly to bee stings and is allergic to them.", "Hugo Lambert", "bee stings"),
    ("has-phrase", "Aditi Rao has a cat allergy.", "Aditi Rao", "cats"),
    ("synonym", "Oscar Nilsson can't eat gluten because of an allergy.", "Oscar Nilsson", "gluten"),
]
U["allergic_to"] = []
