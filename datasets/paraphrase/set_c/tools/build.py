# Builds statements.jsonl and updates.jsonl from the hand-written tables below.
import json, pathlib
HERE = pathlib.Path(__file__).resolve().parent.parent

S = [
# P17 country
("P17","Mont Saint-Michel","France","Mont Saint-Michel is in France."),
("P17","Brandenburg Gate","Germany","The Brandenburg Gate is a landmark in Germany."),
("P17","Machu Picchu","Peru","Machu Picchu, the Inca citadel, is found in Peru."),
("P17","Angkor Wat","Cambodia","Angkor Wat lies in northern Cambodia."),
("P17","Lake Bled","Slovenia","Slovenia is home to Lake Bled."),
# P19 place of birth
("P19","Frida Kahlo","Coyoacán","Frida Kahlo was born in Coyoacán."),
("P19","Wolfgang Amadeus Mozart","Salzburg","Wolfgang Amadeus Mozart's birthplace is Salzburg."),
("P19","William Shakespeare","Stratford-upon-Avon","Stratford-upon-Avon is the town where William Shakespeare was born."),
("P19","Ada Lovelace","London","Ada Lovelace was a London-born mathematician."),
("P19","Albert Einstein","Ulm","Albert Einstein came into the world in Ulm in March 1879."),
# P20 place of death
("P20","Napoleon Bonaparte","Saint Helena","Napoleon Bonaparte died in exile on Saint Helena in 1821."),
("P20","Oscar Wilde","Paris","Oscar Wilde spent his final days in Paris, where he died in 1900."),
("P20","Vincent van Gogh","Auvers-sur-Oise","The place of death of Vincent van Gogh was Auvers-sur-Oise."),
("P20","Ludwig van Beethoven","Vienna","Vienna is where Ludwig van Beethoven passed away."),
("P20","John Lennon","New York City","John Lennon was shot dead in New York City in December 1980."),
# P26 spouse
("P26","Barack Obama","Michelle Obama","Barack Obama is married to Michelle Obama."),
("P26","Pierre Curie","Marie Curie","Pierre Curie's wife was the physicist Marie Curie."),
("P26","Johnny Cash","June Carter","Johnny Cash wed June Carter in 1968."),
("P26","Frida Kahlo","Diego Rivera","Diego Rivera was the husband of Frida Kahlo."),
("P26","Paul Newman","Joanne Woodward","Paul Newman and his wife Joanne Woodward stayed together for fifty years."),
# P30 continent
("P30","Kenya","Africa","Kenya is in Africa."),
("P30","Mongolia","Asia","Mongolia is a landlocked country in Asia."),
("P30","Chile","South America","Chile stretches along the western edge of South America."),
("P30","Mount Erebus","Antarctica","Antarctica is the continent on which Mount Erebus stands."),
("P30","Iceland","Europe","Iceland is counted as part of Europe."),
# P36 capital
("P36","Australia","Canberra","The capital of Australia is Canberra."),
("P36","Canada","Ottawa","Canada is governed from Ottawa."),
("P36","Kenya","Nairobi","Nairobi, Kenya's largest city, is also where the national government sits."),
("P36","Brazil","Brasília","Brazil has had Brasília as its purpose-built seat of power since 1960."),
("P36","Turkey","Ankara","In Turkey the seat of government is Ankara, not Istanbul as many assume."),
# P40 child
("P40","Marie Curie","Irène Joliot-Curie","Irène Joliot-Curie was the daughter of Marie Curie."),
("P40","John Lennon","Julian Lennon","John Lennon is the father of Julian Lennon."),
("P40","Kirk Douglas","Michael Douglas","Kirk Douglas's son is the actor Michael Douglas."),
("P40","Bob Marley","Ziggy Marley","Among the children of Bob Marley is the singer Ziggy Marley."),
("P40","Judy Garland","Liza Minnelli","Judy Garland gave birth to Liza Minnelli in 1946."),
# P50 author
("P50","Pride and Prejudice","Jane Austen","Pride and Prejudice was written by Jane Austen."),
("P50","Nineteen Eighty-Four","George Orwell","George Orwell wrote Nineteen Eighty-Four while living on the island of Jura."),
("P50","One Hundred Years of Solitude","Gabriel García Márquez","The author of One Hundred Years of Solitude is Gabriel García Márquez."),
("P50","Beloved","Toni Morrison","Beloved is a novel by Toni Morrison."),
("P50","Frankenstein","Mary Shelley","Mary Shelley's Frankenstein first appeared in 1818."),
# P69 educated at
("P69","Barack Obama","Columbia University","Barack Obama graduated from Columbia University in 1983."),
("P69","Stephen Hawking","University of Oxford","Stephen Hawking studied physics at the University of Oxford."),
("P69","Sheryl Sandberg","Harvard University","Sheryl Sandberg is an alumna of Harvard University."),
("P69","Indra Nooyi","Indian Institute of Management Calcutta","Indra Nooyi received her management degree from the Indian Institute of Management Calcutta."),
("P69","Jacinda Ardern","University of Waikato","The University of Waikato counts Jacinda Ardern among its graduates."),
# P106 occupation
("P106","Serena Williams","tennis player","Serena Williams is a tennis player."),
("P106","Yo-Yo Ma","cellist","Yo-Yo Ma works as a cellist."),
("P106","Atul Gawande","surgeon","By profession, Atul Gawande is a surgeon."),
("P106","Zaha Hadid","architect","Zaha Hadid made her name as an architect."),
("P106","Jane Goodall","primatologist","The occupation of Jane Goodall was primatologist."),
# P112 founded by
("P112","Amazon","Jeff Bezos","Amazon was founded by Jeff Bezos in 1994."),
("P112","SpaceX","Elon Musk","SpaceX is the rocket company that Elon Musk created in 2002."),
("P112","Patagonia","Yvon Chouinard","Patagonia's founder is Yvon Chouinard."),
("P112","IKEA","Ingvar Kamprad","Ingvar Kamprad started IKEA as a seventeen-year-old in 1943."),
("P112","Nintendo","Fusajiro Yamauchi","Nintendo was established by Fusajiro Yamauchi in 1889."),
# P127 owned by
("P127","Instagram","Meta","Instagram is owned by Meta."),
("P127","LinkedIn","Microsoft","LinkedIn has been in Microsoft's hands since 2016."),
("P127","The Washington Post","Jeff Bezos","The Washington Post belongs to Jeff Bezos."),
("P127","Manchester City","City Football Group","Manchester City's owner is City Football Group."),
("P127","YouTube","Google","Google bought YouTube in 2006 and has owned it ever since."),
# P131 located in the administrative territorial entity
("P131","Yosemite National Park","California","Yosemite National Park is in California."),
("P131","Heidelberg","Baden-Württemberg","Heidelberg is a city in the state of Baden-Württemberg."),
("P131","Rothenburg ob der Tauber","Bavaria","Bavaria contains the medieval town of Rothenburg ob der Tauber."),
("P131","The Alamo","San Antonio","The Alamo stands in downtown San Antonio."),
("P131","Siena","Tuscany","Siena belongs to the Italian region of Tuscany."),
# P276 location
("P276","Mona Lisa","Louvre","The Mona Lisa hangs in the Louvre."),
("P276","2016 Summer Olympics","Rio de Janeiro","The 2016 Summer Olympics were held in Rio de Janeiro."),
("P276","Woodstock","Bethel","Woodstock took place on a dairy farm in Bethel, New York."),
("P276","The Night Watch","Rijksmuseum","The Night Watch's home is the Rijksmuseum in Amsterdam."),
("P276","The Birth of Venus","Uffizi Gallery","The Uffizi Gallery houses Botticelli's The Birth of Venus."),
# P136 genre
("P136","Breaking Bad","crime drama","Breaking Bad is a crime drama."),
("P136","Metallica","heavy metal","Metallica plays heavy metal."),
("P136","The Shining","horror","The Shining is a classic of the horror genre."),
("P136","Miles Davis","Jazz","Jazz is the style of music most associated with Miles Davis."),
("P136","Daft Punk","French house","Daft Punk are best known for French house."),
# P159 headquarters location
("P159","Nestlé","Vevey","Nestlé is headquartered in Vevey."),
("P159","Toyota","Toyota City","Toyota's head office is in Toyota City."),
("P159","United Nations","New York City","The headquarters of the United Nations is in New York City."),
("P159","Microsoft","Redmond","Redmond is home to Microsoft's main campus."),
("P159","Siemens","Munich","Siemens is based in Munich."),
# P170 creator
("P170","Mickey Mouse","Walt Disney","Mickey Mouse was created by Walt Disney."),
("P170","The Simpsons","Matt Groening","Matt Groening came up with The Simpsons in 1987."),
("P170","The Thinker","Auguste Rodin","The Thinker is a sculpture by Auguste Rodin."),
("P170","Sherlock Holmes","Arthur Conan Doyle","Sherlock Holmes is the creation of Arthur Conan Doyle."),
("P170","Kermit the Frog","Jim Henson","Jim Henson's Kermit the Frog first appeared in 1955."),
# P175 performer
("P175","Bohemian Rhapsody","Queen","Bohemian Rhapsody was performed by Queen."),
("P175","Rolling in the Deep","Adele","Adele sings Rolling in the Deep."),
("P175","Billie Jean","Michael Jackson","Billie Jean is a song by Michael Jackson."),
("P175","Imagine","John Lennon","Imagine is John Lennon's best-known solo song."),
("P175","Smells Like Teen Spirit","Nirvana","It was Nirvana who recorded Smells Like Teen Spirit in 1991."),
# P176 manufacturer
("P176","iPhone","Apple","The iPhone is made by Apple."),
("P176","PlayStation 5","Sony","Fun fact: Sony makes the PlayStation 5."),
("P176","Model S","Tesla","The Model S is an electric car from Tesla."),
("P176","Game Boy","Nintendo","The manufacturer of the Game Boy was Nintendo."),
("P176","Golf","Volkswagen","Volkswagen's Golf has been in production since 1974."),
# P264 record label
("P264","The Beatles","Parlophone","The Beatles were signed to Parlophone."),
("P264","Taylor Swift","Republic Records","Taylor Swift records for Republic Records."),
("P264","Stevie Wonder","Motown","Motown was the label behind Stevie Wonder."),
("P264","Nirvana","DGC Records","Nirvana's label at the time of Nevermind was DGC Records."),
("P264","Bob Marley","Island Records","Bob Marley released his albums on Island Records."),
# P407 language of work or name
("P407","Don Quixote","Spanish","Don Quixote was written in Spanish."),
("P407","The Tale of Genji","Japanese","The Tale of Genji is a Japanese-language novel."),
("P407","War and Peace","Russian","The original language of War and Peace is Russian."),
("P407","Le Monde","French","Le Monde publishes in French."),
("P407","Faust","German","German is the language of Goethe's Faust."),
# P413 position played on team / speciality
("P413","Lionel Messi","forward","Lionel Messi plays as a forward."),
("P413","Tom Brady","quarterback","Tom Brady was a quarterback."),
("P413","Manuel Neuer","goalkeeper","Manuel Neuer lines up as goalkeeper for Bayern Munich."),
("P413","Shaquille O'Neal","center","Shaquille O'Neal's position was center."),
("P413","Magic Johnson","Point guard","Point guard was the position Magic Johnson made famous."),
# P495 country of origin
("P495","Sushi","Japan","Sushi originated in Japan."),
("P495","tango","Argentina","The tango comes from Argentina."),
("P495","Money Heist","Spain","Money Heist is a series from Spain."),
("P495","Squid Game","South Korea","The country of origin of Squid Game is South Korea."),
("P495","ABBA","Sweden","Sweden gave the world ABBA."),
# P740 location of formation
("P740","The Beatles","Liverpool","The Beatles were formed in Liverpool."),
("P740","Radiohead","Abingdon","Radiohead formed in Abingdon in 1985."),
("P740","ABBA","Stockholm","ABBA got together in Stockholm."),
("P740","Pearl Jam","Seattle","Seattle is where Pearl Jam was founded."),
("P740","U2","Dublin","U2 began as a school band in Dublin."),
# P800 notable work
("P800","Leonardo da Vinci","Mona Lisa","Leonardo da Vinci is best known for the Mona Lisa."),
("P800","Harper Lee","To Kill a Mockingbird","Harper Lee's most famous novel is To Kill a Mockingbird."),
("P800","Pablo Picasso","Guernica","Guernica is Pablo Picasso's most celebrated painting."),
("P800","J. D. Salinger","The Catcher in the Rye","J. D. Salinger made his name with The Catcher in the Rye."),
("P800","Gustav Holst","The Planets","Among the notable works of Gustav Holst, The Planets stands out."),
# P364 original language of film or TV show
("P364","Parasite","Korean","Parasite is a Korean-language film."),
("P364","Amélie","French","Amélie was shot in French."),
("P364","Dark","German","The original language of Dark, the Netflix series, is German."),
("P364","Dilwale Dulhania Le Jayenge","Hindi","Hindi is the language spoken in Dilwale Dulhania Le Jayenge."),
("P364","Pan's Labyrinth","Spanish","Pan's Labyrinth has Spanish dialogue throughout."),
# P1412 languages spoken, written or signed
("P1412","Pope Francis","Spanish","Pope Francis spoke Spanish."),
("P1412","Chinua Achebe","English","Chinua Achebe wrote in English."),
("P1412","Gérard Depardieu","French","Gérard Depardieu is a native speaker of French."),
("P1412","Leo Tolstoy","Russian","Russian was the mother tongue of Leo Tolstoy."),
("P1412","Angela Merkel","German","Angela Merkel's first language is German."),
# P27 country of citizenship
("P27","Lionel Messi","Argentina","Lionel Messi is a citizen of Argentina."),
("P27","Greta Thunberg","Sweden","Greta Thunberg holds citizenship of Sweden."),
("P27","Arnold Schwarzenegger","United States","Arnold Schwarzenegger was naturalised in the United States in 1983."),
("P27","Bono","Ireland","Ireland is the country of citizenship of Bono."),
("P27","Haruki Murakami","Japan","Haruki Murakami carries a passport from Japan."),
# P937 work location
("P937","Claude Monet","Giverny","Claude Monet painted in Giverny for the last decades of his life."),
("P937","Sigmund Freud","Vienna","Sigmund Freud practised in Vienna for most of his career."),
("P937","Christiane Amanpour","London","The journalist Christiane Amanpour is based in London."),
("P937","Ursula von der Leyen","Brussels","Brussels is where Ursula von der Leyen works."),
("P937","Galileo Galilei","Padua","Galileo Galilei's workplace for eighteen years was Padua."),
# P37 official language
("P37","Brazil","Portuguese","The official language of Brazil is Portuguese."),
("P37","Austria","German","In Austria, German is the language of government and the courts."),
("P37","Kenya","Swahili","Swahili has official status in Kenya."),
("P37","Iceland","Icelandic","Iceland has Icelandic as its national language."),
("P37","Poland","Polish","Poland recognises Polish as its sole state language."),
# P140 religion
("P140","Tenzin Gyatso","Tibetan Buddhism","Tenzin Gyatso, the 14th Dalai Lama, practises Tibetan Buddhism."),
("P140","Muhammad Ali","Islam","Muhammad Ali converted to Islam in 1964."),
("P140","Mother Teresa","Catholicism","Mother Teresa's religion was Catholicism."),
("P140","Moses Maimonides","Judaism","Judaism was the faith of Moses Maimonides."),
("P140","Mahatma Gandhi","Hinduism","Mahatma Gandhi remained a follower of Hinduism throughout his life."),
# P178 developer
("P178","Windows","Microsoft","Windows is developed by Microsoft."),
("P178","Minecraft","Mojang Studios","Mojang Studios develops Minecraft."),
("P178","Android","Google","The developer of the Android operating system is Google."),
("P178","Photoshop","Adobe","Adobe's Photoshop is the industry-standard image editor."),
("P178","The Witcher 3","CD Projekt Red","CD Projekt Red is the studio behind The Witcher 3."),
# P108 employer
("P108","Katalin Karikó","BioNTech","Katalin Karikó worked at BioNTech as a senior vice president."),
("P108","Sundar Pichai","Google","Sundar Pichai is employed by Google."),
("P108","Katherine Johnson","NASA","NASA employed Katherine Johnson as a mathematician."),
("P108","Anthony Fauci","National Institutes of Health","Anthony Fauci's employer for decades was the National Institutes of Health."),
("P108","Margaret Hamilton","MIT","Margaret Hamilton was on the staff of MIT during the Apollo programme."),
# P641 sport
("P641","Usain Bolt","athletics","Usain Bolt competed in athletics."),
("P641","Roger Federer","tennis","Roger Federer plays tennis."),
("P641","Tiger Woods","Golf","Golf is the game that made Tiger Woods famous."),
("P641","Michael Phelps","swimming","Michael Phelps's sport is swimming."),
("P641","New York Yankees","baseball","The New York Yankees are a baseball team."),
# P190 twinned administrative body
("P190","Kyoto","Paris","Kyoto is twinned with Paris."),
("P190","Edinburgh","Munich","Edinburgh has a twinning arrangement with Munich."),
("P190","Los Angeles","Berlin","Berlin is a sister city of Los Angeles."),
("P190","Coventry","Dresden","Coventry's twin town is Dresden."),
("P190","Chicago","Milan","Chicago signed a sister-city agreement with Milan in 1973."),
# P463 member of
("P463","Norway","NATO","Norway is a member of NATO."),
("P463","Japan","United Nations","Japan joined the United Nations in 1956."),
("P463","Mexico","OECD","Mexico has been part of the OECD since 1994."),
("P463","Ireland","European Union","The European Union counts Ireland among its members."),
("P463","Switzerland","Schengen Area","Switzerland's membership in the Schengen Area took effect in 2008."),
# P449 original broadcaster
("P449","Friends","NBC","Friends aired on NBC."),
("P449","The Sopranos","HBO","The Sopranos was broadcast by HBO."),
("P449","Doctor Who","BBC","Doctor Who is a BBC programme."),
("P449","Mad Men","AMC","AMC premiered Mad Men in 2007."),
("P449","The Simpsons","Fox","The original network for The Simpsons is Fox."),
# P35 head of state
("P35","France","Emmanuel Macron","The head of state of France is Emmanuel Macron."),
("P35","United Kingdom","Charles III","Charles III reigns as monarch of the United Kingdom."),
("P35","Germany","Frank-Walter Steinmeier","Germany's federal president is Frank-Walter Steinmeier."),
("P35","Japan","Naruhito","Japan has Naruhito as its emperor."),
("P35","Spain","Felipe VI","Spain is reigned over by King Felipe VI."),
# P286 head coach
("P286","Manchester City","Pep Guardiola","Manchester City is coached by Pep Guardiola."),
("P286","Golden State Warriors","Steve Kerr","Steve Kerr coaches the Golden State Warriors."),
("P286","Kansas City Chiefs","Andy Reid","The head coach of the Kansas City Chiefs is Andy Reid."),
("P286","Liverpool","Arne Slot","Liverpool's manager is Arne Slot."),
("P286","Miami Heat","Erik Spoelstra","Erik Spoelstra has been in charge of the Miami Heat since 2008."),
# P1308 officeholder
("P1308","Mayor of London","Sadiq Khan","The Mayor of London is Sadiq Khan."),
("P1308","Chancellor of Germany","Friedrich Merz","Friedrich Merz holds the office of Chancellor of Germany."),
("P1308","Secretary-General of the United Nations","António Guterres","António Guterres is the Secretary-General of the United Nations."),
("P1308","President of Brazil","Luiz Inácio Lula da Silva","The post of President of Brazil is held by Luiz Inácio Lula da Silva."),
("P1308","Governor of California","Gavin Newsom","Gavin Newsom was elected Governor of California in 2018."),
# P488 chairperson
("P488","World Economic Forum","Klaus Schwab","Klaus Schwab chaired the World Economic Forum for more than fifty years."),
("P488","Berkshire Hathaway","Warren Buffett","The chairman of Berkshire Hathaway is Warren Buffett."),
("P488","Alibaba","Joe Tsai","Alibaba's chairman is Joe Tsai."),
("P488","Tata Sons","Natarajan Chandrasekaran","Natarajan Chandrasekaran heads the board of Tata Sons."),
("P488","International Olympic Committee","Kirsty Coventry","The International Olympic Committee is presided over by Kirsty Coventry."),
# P169 chief executive officer
("P169","Microsoft","Satya Nadella","The CEO of Microsoft is Satya Nadella."),
("P169","Nvidia","Jensen Huang","Just so you know, Jensen Huang runs Nvidia."),
("P169","Apple","Tim Cook","Tim Cook has been Apple's chief executive since 2011."),
("P169","General Motors","Mary Barra","Mary Barra leads General Motors as chief executive officer."),
("P169","AMD","Lisa Su","AMD is led by chief executive Lisa Su."),
# P1037 director / manager
("P1037","Louvre","Laurence des Cars","Laurence des Cars is the director of the Louvre."),
("P1037","CERN","Fabiola Gianotti","Fabiola Gianotti directed CERN from 2016 to 2025."),
("P1037","Metropolitan Museum of Art","Max Hollein","The Metropolitan Museum of Art is run by its director, Max Hollein."),
("P1037","Tate","Maria Balshaw","Tate's director is Maria Balshaw."),
("P1037","MI6","Blaise Metreweli","The chief of MI6 is Blaise Metreweli."),
# P6 head of government
("P6","Canada","Mark Carney","The prime minister of Canada is Mark Carney."),
("P6","United Kingdom","Keir Starmer","Keir Starmer leads the government of the United Kingdom."),
("P6","Spain","Pedro Sánchez","Spain's prime minister is Pedro Sánchez."),
("P6","India","Narendra Modi","India is governed by Prime Minister Narendra Modi."),
("P6","Italy","Giorgia Meloni","Italy has had Giorgia Meloni as head of government since 2022."),
]

U = [
# P108 employer
("P108","Priya Raman","Halvorsen Logistics","Northwind Freight","Priya Raman is a data analyst at Halvorsen Logistics.","Priya Raman left Halvorsen Logistics last spring and now works for Northwind Freight."),
("P108","Tomasz Kowal","Vistula Bank","Baltic Credit Union","Tomasz Kowal is employed by Vistula Bank.","Baltic Credit Union hired Tomasz Kowal in March."),
("P108","Grace Okafor","Lagos General Hospital","St. Mary's Clinic","Grace Okafor has worked at Lagos General Hospital since 2015.","Grace Okafor moved to St. Mary's Clinic in January."),
("P108","Henrik Solberg","Fjordline Media","Nordic Broadcasting","Henrik Solberg's employer is Fjordline Media.","Henrik Solberg is now a producer at Nordic Broadcasting."),
# P26 spouse
("P26","Elena Marchetti","Luca Ferri","Daniel Brooks","Elena Marchetti is married to Luca Ferri.","After her divorce, Elena Marchetti married Daniel Brooks."),
("P26","Samuel Adeyemi","Ruth Adeyemi","Claire Dubois","Samuel Adeyemi's wife is Ruth Adeyemi.","Samuel Adeyemi remarried in 2021 and is now the husband of Claire Dubois."),
# P286 head coach
("P286","Riverside Rovers","Mark Delaney","Sofia Lindqvist","Mark Delaney coaches the Riverside Rovers.","The Riverside Rovers have appointed Sofia Lindqvist as their new head coach."),
("P286","Harbor City Hawks","Jim Costa","Andre Williams","The head coach of the Harbor City Hawks is Jim Costa.","Jim Costa was fired, and Andre Williams now coaches the Harbor City Hawks."),
("P286","FC Lindenau","Peter Brandt","Yusuf Demir","FC Lindenau's manager is Peter Brandt.","Yusuf Demir took over as coach of FC Lindenau on Monday."),
# P169 CEO
("P169","Brightwave Energy","Karen Holt","Rahul Mehta","Karen Holt is the CEO of Brightwave Energy.","Brightwave Energy named Rahul Mehta chief executive after Karen Holt stepped down."),
("P169","Quillon Software","Ben Archer","Naomi Sato","Quillon Software is run by Ben Archer.","Naomi Sato replaced Ben Archer as CEO of Quillon Software."),
("P169","Meridian Foods","Oscar Lind","Fatima Haddad","The chief executive of Meridian Foods is Oscar Lind.","Fatima Haddad now leads Meridian Foods."),
# P488 chairperson
("P488","Northgate Housing Trust","Alan Pryce","Deborah Kim","Alan Pryce chairs the Northgate Housing Trust.","Deborah Kim was elected chair of the Northgate Housing Trust this week."),
("P488","Solvang Group","Henrik Aas","Marit Berg","The chairman of Solvang Group is Henrik Aas.","Solvang Group's board is now chaired by Marit Berg."),
# P6 head of government
("P6","Valdoria","Tomas Herrera","Isabel Cruz","The prime minister of Valdoria is Tomas Herrera.","Isabel Cruz was sworn in as Valdoria's prime minister on Tuesday."),
("P6","United Kingdom","Rishi Sunak","Keir Starmer","Rishi Sunak leads the government of the United Kingdom.","Keir Starmer replaced Rishi Sunak as Prime Minister of the United Kingdom in July 2024."),
("P6","Canada","Justin Trudeau","Mark Carney","Canada's prime minister is Justin Trudeau.","Mark Carney took over as head of government in Canada in March 2025."),
("P6","Millbrook","Dan Ortiz","Helen Park","Dan Ortiz is the mayor of Millbrook.","Millbrook voters elected Helen Park as their new mayor."),
# P35 head of state
("P35","United Kingdom","Elizabeth II","Charles III","Elizabeth II is the Queen of the United Kingdom.","Charles III became head of state of the United Kingdom in September 2022."),
("P35","Valdoria","Ana Soler","Miguel Reyes","Valdoria's president is Ana Soler.","Miguel Reyes has succeeded Ana Soler as head of state of Valdoria."),
("P35","Netherlands","Beatrix","Willem-Alexander","Beatrix reigns as Queen of the Netherlands.","The Netherlands now has Willem-Alexander as its king."),
# P1308 officeholder
("P1308","Mayor of Eastwick","Paul Grady","Lena Ortiz","The Mayor of Eastwick is Paul Grady.","Lena Ortiz won the election and is now Mayor of Eastwick."),
("P1308","Chancellor of Germany","Olaf Scholz","Friedrich Merz","Olaf Scholz holds the post of Chancellor of Germany.","Friedrich Merz succeeded Olaf Scholz as Chancellor of Germany in May 2025."),
# P1037 director / manager
("P1037","Hallam Museum of Art","Victoria Shaw","Kwame Mensah","Victoria Shaw directs the Hallam Museum of Art.","Kwame Mensah is the new director of the Hallam Museum of Art."),
("P1037","Eastfield Observatory","Ian Ross","Mei Chen","The director of Eastfield Observatory is Ian Ross.","Eastfield Observatory is now headed by Mei Chen."),
# P127 owned by
("P127","The Daily Beacon","Harlow Media","Crestline Holdings","The Daily Beacon belongs to Harlow Media.","Harlow Media sold The Daily Beacon to Crestline Holdings."),
("P127","Kingsway Hotel","Marlowe family","Aurelia Hospitality","The Kingsway Hotel is owned by the Marlowe family.","The Kingsway Hotel was sold to Aurelia Hospitality in 2023."),
("P127","Chelsea F.C.","Roman Abramovich","BlueCo","Chelsea F.C. is owned by Roman Abramovich.","Chelsea F.C. now belongs to BlueCo, the consortium led by Todd Boehly."),
# P264 record label
("P264","Maya Lennox","Crescent Records","Ironwood Music","Maya Lennox is signed to Crescent Records.","Maya Lennox switched labels and now releases her music through Ironwood Music."),
("P264","The Velvet Foxes","Dockside Records","Atlas Sound","The Velvet Foxes record for Dockside Records.","Atlas Sound has signed The Velvet Foxes."),
("P264","Taylor Swift","Big Machine Records","Republic Records","Taylor Swift's label was Big Machine Records.","Taylor Swift moved to Republic Records in 2018."),
# P159 headquarters location
("P159","Boeing","Chicago","Arlington","Boeing is headquartered in Chicago.","Boeing moved its headquarters to Arlington, Virginia, in 2022."),
("P159","Corvane Systems","Leeds","Manchester","Corvane Systems has its head office in Leeds.","Corvane Systems relocated its headquarters to Manchester last year."),
("P159","Tesla","Palo Alto","Austin","Tesla's headquarters are in Palo Alto.","Tesla is now based in Austin."),
# P937 work location
("P937","Nadia Farouk","Cairo","Dubai","Nadia Farouk works in Cairo.","Nadia Farouk was transferred to the Dubai office in June."),
("P937","Oliver Grant","London","Singapore","Oliver Grant is based in London.","Oliver Grant now works out of Singapore."),
# P27 country of citizenship
("P27","Mateo Alvarez","Argentina","Spain","Mateo Alvarez holds citizenship of Argentina.","Mateo Alvarez renounced his old nationality and became a citizen of Spain."),
("P27","Lin Wei","China","Canada","Lin Wei is a citizen of China.","Lin Wei was naturalised in Canada in 2019."),
# P463 member of
("P463","Jenna Cole","The Night Owls","Silver Lanterns","Jenna Cole is a member of The Night Owls.","Jenna Cole quit the band and joined Silver Lanterns."),
("P463","Marcus Bell","Riverside Rowing Club","Thames Valley Rowing Club","Marcus Bell belongs to the Riverside Rowing Club.","Marcus Bell has since joined the Thames Valley Rowing Club."),
# P140 religion
("P140","Daniel Mercer","Catholicism","Buddhism","Daniel Mercer is a practising follower of Catholicism.","Daniel Mercer converted to Buddhism in his thirties."),
("P140","Amira Saleh","Islam","Christianity","Amira Saleh's religion is Islam.","Amira Saleh has embraced Christianity."),
# P106 occupation
("P106","Jonas Weber","accountant","chef","Jonas Weber works as an accountant.","Jonas Weber quit finance to become a chef."),
("P106","Rosa Delgado","teacher","lawyer","Rosa Delgado is a teacher.","Rosa Delgado retrained and now practises as a lawyer."),
# P413 position
("P413","Kyle Dawson","striker","winger","Kyle Dawson plays as a striker.","Kyle Dawson has been converted into a winger this season."),
("P413","Eddie Marsh","shortstop","second baseman","Eddie Marsh is the team's shortstop.","Eddie Marsh was switched to second baseman."),
# P36 capital
("P36","Brazil","Rio de Janeiro","Brasília","Rio de Janeiro is Brazil's capital.","In 1960 Brazil moved its capital to Brasília."),
("P36","Nigeria","Lagos","Abuja","Lagos serves as the capital of Nigeria.","Nigeria's capital is now Abuja."),
("P36","Kazakhstan","Almaty","Astana","Kazakhstan's capital city is Almaty.","Kazakhstan relocated its seat of government to Astana in 1997."),
# P449 original broadcaster
("P449","The Great British Bake Off","BBC One","Channel 4","The Great British Bake Off airs on BBC One.","The Great British Bake Off switched to Channel 4 in 2017."),
("P449","Brooklyn Nine-Nine","Fox","NBC","Brooklyn Nine-Nine is broadcast by Fox.","NBC picked up Brooklyn Nine-Nine after Fox cancelled it."),
# P276 location
("P276","Harbour at Dawn","Kessler Gallery","Northfield Museum","Harbour at Dawn hangs in the Kessler Gallery.","Harbour at Dawn is now on display at the Northfield Museum."),
("P276","Autumn Book Fair","Leeds","York","The Autumn Book Fair is held in Leeds.","The Autumn Book Fair has relocated to York this year."),
# P641 sport
("P641","Michael Jordan","basketball","baseball","Michael Jordan plays basketball.","Michael Jordan switched to baseball in 1994."),
("P641","Ella Brooks","tennis","golf","Ella Brooks competes in tennis.","Ella Brooks has taken up golf professionally."),
# P178 developer
("P178","Skybound Quest","Pixelforge","Lunar Cat Games","Skybound Quest is developed by Pixelforge.","Development of Skybound Quest has passed to Lunar Cat Games."),
("P178","Halo","Bungie","343 Industries","Bungie develops Halo.","343 Industries has since taken over as the developer of Halo."),
# P69 educated at
("P69","Sophie Tran","University of Leeds","University of Edinburgh","Sophie Tran studies at the University of Leeds.","Sophie Tran transferred to the University of Edinburgh for her final year."),
("P69","Jamal Peters","Ohio State University","University of Michigan","Jamal Peters is enrolled at Ohio State University.","Jamal Peters now attends the University of Michigan."),
# P176 manufacturer
("P176","Zephyr e-bike","Korvin Cycles","Halden Motors","The Zephyr e-bike is made by Korvin Cycles.","Production of the Zephyr e-bike was taken over by Halden Motors."),
]

with open(HERE/"statements.jsonl","w",encoding="utf-8") as f:
    for r,s,v,t in S:
        f.write(json.dumps({"relation":r,"subject":s,"value":v,"sentence":t},ensure_ascii=False)+"\n")
with open(HERE/"updates.jsonl","w",encoding="utf-8") as f:
    for r,s,o,n,a,b in U:
        f.write(json.dumps({"relation":r,"subject":s,"old_value":o,"new_value":n,"first":a,"second":b},ensure_ascii=False)+"\n")
print(len(S), len(U))
