"""A hotel's description in the reader's language, written from the hotel's facts.

Each language below has whole sentences with named places for the facts: who the hotel is
(rated or not, one sentence for each grammatical class of the language's words for the hotel's
style: French "un hôtel" but "une auberge de jeunesse"), its room types and hours, and one
sentence for each of a pool, the beach and kosher food. What goes into a place is already in the
form the sentence needs: the stars as the language says them ("4 Sternen", "четырёхзвёздочный",
"بأربع نجوم"), the number of room types with the noun that agrees with it, the city and the
district as the provider names them in that language (``places``), the distance with the
locale's decimal sign and the hours as the locale writes a time (CLDR, through Babel).

A locale without sentences here gets the English description, marked "en" (``description``'s
second value: the API's ``description_locale``).
"""

from dataclasses import dataclass
from datetime import time
from functools import cache

import babel
from babel.dates import format_time
from babel.numbers import format_decimal

from .hotels import Hotel
from .locales import BABEL_LOCALES
from .places import district_name, names
from .store import inventory

ROOM_TYPE_COUNTS = range(2, 6)  # hotels._rooms gives every hotel 2 to 5 room types


@dataclass(frozen=True)
class Language:
    styles: dict[str, tuple[str, str]]  # style code -> (the word, its grammatical class)
    stars: dict[int, str]  # 1-5 -> the stars as the rated sentence says them
    rated: dict[str, str]  # grammatical class -> the first sentence of a rated hotel
    unrated: dict[str, str]  # the same for a hotel without stars
    room_types: dict[int, str]  # 2-5 -> that many room types, the noun agreeing
    rooms: str  # the room types and the hours
    pool: str
    beach: str
    kosher: str
    joiner: str = " "  # between sentences (none in Chinese and Japanese)


def _counted(pattern: str) -> dict[int, str]:
    """Room types for a language whose noun is plural from two on (every count we have)."""
    return {n: pattern.format(n=n) for n in ROOM_TYPE_COUNTS}


LANGUAGES: dict[str, Language] = {
    "en": Language(
        styles={
            "hostel": ("hostel", "a"),
            "hotel": ("hotel", "a"),
            "boutique": ("boutique hotel", "a"),
            "resort": ("resort", "a"),
            "apartments": ("apartment hotel", "an"),
        },
        stars={n: f"{n}-star" for n in range(1, 6)},
        rated={
            "a": "{name} is a {stars} {style} in {district}, {city}, {distance} km from the "
            "centre.",
            "an": "{name} is a {stars} {style} in {district}, {city}, {distance} km from the "
            "centre.",
        },
        unrated={
            "a": "{name} is a {style} in {district}, {city}, {distance} km from the centre.",
            "an": "{name} is an {style} in {district}, {city}, {distance} km from the centre.",
        },
        room_types=_counted("{n} room types"),
        rooms="It offers {rooms}; check-in is from {check_in} and check-out until {check_out}.",
        pool="Guests can relax by the pool.",
        beach="The beach is a short walk away.",
        kosher="Kosher food is served.",
    ),
    "ar": Language(
        styles={
            "hostel": ("نزل شبابي", "m"),
            "hotel": ("فندق", "m"),
            "boutique": ("فندق بوتيك", "m"),
            "resort": ("منتجع", "m"),
            "apartments": ("فندق شقق", "m"),
        },
        stars={
            1: "بنجمة واحدة",
            2: "بنجمتين",
            3: "بثلاث نجوم",
            4: "بأربع نجوم",
            5: "بخمس نجوم",
        },
        rated={
            "m": "{name} {style} مصنّف {stars}، على بُعد {distance} كم من وسط المدينة "
            "({district}، {city}).",
        },
        unrated={
            "m": "{name} {style} على بُعد {distance} كم من وسط المدينة ({district}، {city}).",
        },
        room_types={
            2: "نوعين من الغرف",
            3: "ثلاثة أنواع من الغرف",
            4: "أربعة أنواع من الغرف",
            5: "خمسة أنواع من الغرف",
        },
        rooms="يضم {rooms}، ويبدأ تسجيل الوصول من الساعة {check_in} ويكون تسجيل المغادرة حتى "
        "الساعة {check_out}.",
        pool="يمكن للضيوف الاسترخاء بجانب المسبح.",
        beach="يقع الشاطئ على مسافة قصيرة سيرًا على الأقدام.",
        kosher="يُقدَّم فيه طعام كوشر.",
    ),
    "de": Language(
        styles={
            "hostel": ("Hostel", "n"),
            "hotel": ("Hotel", "n"),
            "boutique": ("Boutiquehotel", "n"),
            "resort": ("Resort", "n"),
            "apartments": ("Apartmenthotel", "n"),
        },
        stars={1: "1 Stern", **{n: f"{n} Sternen" for n in range(2, 6)}},
        rated={
            "n": "{name} ist ein {style} mit {stars}, {distance} km vom Stadtzentrum entfernt "
            "({district}, {city}).",
        },
        unrated={
            "n": "{name} ist ein {style}, {distance} km vom Stadtzentrum entfernt "
            "({district}, {city}).",
        },
        room_types=_counted("{n} Zimmerkategorien"),
        rooms="Es gibt {rooms}; der Check-in ist ab {check_in} Uhr möglich, der Check-out bis "
        "{check_out} Uhr.",
        pool="Gäste können sich am Pool entspannen.",
        beach="Der Strand ist nur wenige Gehminuten entfernt.",
        kosher="Es wird koscheres Essen serviert.",
    ),
    "es": Language(
        styles={
            "hostel": ("albergue", "m"),
            "hotel": ("hotel", "m"),
            "boutique": ("hotel boutique", "m"),
            "resort": ("resort", "m"),
            "apartments": ("aparthotel", "m"),
        },
        stars={1: "1 estrella", **{n: f"{n} estrellas" for n in range(2, 6)}},
        rated={
            "m": "{name} es un {style} de {stars} a {distance} km del centro de la ciudad "
            "({district}, {city}).",
        },
        unrated={
            "m": "{name} es un {style} a {distance} km del centro de la ciudad "
            "({district}, {city}).",
        },
        room_types=_counted("{n} tipos de habitación"),
        rooms="Ofrece {rooms}; el check-in es a partir de las {check_in} y el check-out, hasta "
        "las {check_out}.",
        pool="Los huéspedes pueden relajarse en la piscina.",
        beach="La playa está a pocos minutos a pie.",
        kosher="Se sirve comida kosher.",
    ),
    "fr": Language(
        styles={
            "hostel": ("auberge de jeunesse", "f"),
            "hotel": ("hôtel", "m"),
            "boutique": ("hôtel-boutique", "m"),
            "resort": ("complexe hôtelier", "m"),
            "apartments": ("appart’hôtel", "m"),
        },
        stars={1: "1 étoile", **{n: f"{n} étoiles" for n in range(2, 6)}},
        rated={
            "m": "{name} est un {style} {stars}, à {distance} km du centre-ville "
            "({district}, {city}).",
            "f": "{name} est une {style} {stars}, à {distance} km du centre-ville "
            "({district}, {city}).",
        },
        unrated={
            "m": "{name} est un {style} à {distance} km du centre-ville ({district}, {city}).",
            "f": "{name} est une {style} à {distance} km du centre-ville ({district}, {city}).",
        },
        room_types=_counted("{n} types de chambres"),
        rooms="L’établissement propose {rooms}. L’arrivée est possible à partir de {check_in}, "
        "le départ jusqu’à {check_out}.",
        pool="Les clients peuvent se détendre au bord de la piscine.",
        beach="La plage est à quelques minutes à pied.",
        kosher="Une cuisine casher est proposée.",
    ),
    "he": Language(
        styles={
            "hostel": ("אכסניה", "f"),
            "hotel": ("מלון", "m"),
            "boutique": ("מלון בוטיק", "m"),
            "resort": ("אתר נופש", "m"),
            "apartments": ("מלון דירות", "m"),
        },
        stars={
            1: "כוכב אחד",
            2: "שני כוכבים",
            3: "שלושה כוכבים",
            4: "ארבעה כוכבים",
            5: "חמישה כוכבים",
        },
        rated={
            "m": "{name} הוא {style} בדירוג {stars}, {distance} ק״מ ממרכז העיר "
            "({district}, {city}).",
            "f": "{name} היא {style} בדירוג {stars}, {distance} ק״מ ממרכז העיר "
            "({district}, {city}).",
        },
        unrated={
            "m": "{name} הוא {style}, {distance} ק״מ ממרכז העיר ({district}, {city}).",
            "f": "{name} היא {style}, {distance} ק״מ ממרכז העיר ({district}, {city}).",
        },
        room_types=_counted("{n} סוגי חדרים"),
        rooms="ניתן לבחור בין {rooms}; הצ'ק-אין מהשעה {check_in} והצ'ק-אאוט עד השעה {check_out}.",
        pool="לרשות האורחים בריכת שחייה.",
        beach="החוף במרחק הליכה קצר.",
        kosher="האוכל כשר.",
    ),
    "it": Language(
        styles={
            "hostel": ("ostello", "m"),
            "hotel": ("hotel", "m"),
            "boutique": ("boutique hotel", "m"),
            "resort": ("resort", "m"),
            "apartments": ("aparthotel", "m"),
        },
        stars={1: "1 stella", **{n: f"{n} stelle" for n in range(2, 6)}},
        rated={
            "m": "{name} è un {style} a {stars}, a {distance} km dal centro città "
            "({district}, {city}).",
        },
        unrated={
            "m": "{name} è un {style} a {distance} km dal centro città ({district}, {city}).",
        },
        room_types=_counted("{n} tipologie di camere"),
        rooms="Offre {rooms}; il check-in è dalle {check_in} e il check-out entro le {check_out}.",
        pool="Gli ospiti possono rilassarsi in piscina.",
        beach="La spiaggia dista pochi minuti a piedi.",
        kosher="Viene servito cibo kosher.",
    ),
    "ja": Language(
        styles={
            "hostel": ("ホステル", "-"),
            "hotel": ("ホテル", "-"),
            "boutique": ("ブティックホテル", "-"),
            "resort": ("リゾート", "-"),
            "apartments": ("アパートメントホテル", "-"),
        },
        stars={n: f"{n}つ星" for n in range(1, 6)},
        rated={
            "-": "{name}は、{city}の{district}にある{stars}{style}で、市の中心部から"
            "{distance}kmの場所にあります。",
        },
        unrated={
            "-": "{name}は、{city}の{district}にある{style}で、市の中心部から{distance}km"
            "の場所にあります。",
        },
        room_types={n: f"{n}種類" for n in ROOM_TYPE_COUNTS},
        rooms="客室タイプは{rooms}で、チェックインは{check_in}から、チェックアウトは"
        "{check_out}までです。",
        pool="プールでくつろぐこともできます。",
        beach="ビーチまでは徒歩ですぐです。",
        kosher="コーシャ料理を提供しています。",
        joiner="",
    ),
    "nl": Language(
        styles={
            "hostel": ("hostel", "het"),
            "hotel": ("hotel", "het"),
            "boutique": ("boetiekhotel", "het"),
            "resort": ("resort", "het"),
            "apartments": ("appartementenhotel", "het"),
        },
        stars={1: "1 ster", **{n: f"{n} sterren" for n in range(2, 6)}},
        rated={
            "het": "{name} is een {style} met {stars} op {distance} km van het stadscentrum "
            "({district}, {city}).",
        },
        unrated={
            "het": "{name} is een {style} op {distance} km van het stadscentrum "
            "({district}, {city}).",
        },
        room_types=_counted("{n} kamertypes"),
        rooms="Er zijn {rooms}; inchecken kan vanaf {check_in} uur en uitchecken tot "
        "{check_out} uur.",
        pool="Gasten kunnen ontspannen bij het zwembad.",
        beach="Het strand ligt op loopafstand.",
        kosher="Er wordt koosjer eten geserveerd.",
    ),
    "pt": Language(
        styles={
            "hostel": ("hostel", "m"),
            "hotel": ("hotel", "m"),
            "boutique": ("hotel boutique", "m"),
            "resort": ("resort", "m"),
            "apartments": ("apart-hotel", "m"),
        },
        stars={1: "1 estrela", **{n: f"{n} estrelas" for n in range(2, 6)}},
        rated={
            "m": "{name} é um {style} de {stars} a {distance} km do centro da cidade "
            "({district}, {city}).",
        },
        unrated={
            "m": "{name} é um {style} a {distance} km do centro da cidade ({district}, {city}).",
        },
        room_types=_counted("{n} tipos de quarto"),
        rooms="Dispõe de {rooms}; o check-in é a partir das {check_in} e o check-out até às "
        "{check_out}.",
        pool="Os hóspedes podem relaxar junto à piscina.",
        beach="A praia fica a poucos minutos a pé.",
        kosher="É servida comida kosher.",
    ),
    "pt-br": Language(
        styles={
            "hostel": ("hostel", "m"),
            "hotel": ("hotel", "m"),
            "boutique": ("hotel boutique", "m"),
            "resort": ("resort", "m"),
            "apartments": ("apart-hotel", "m"),
        },
        stars={1: "1 estrela", **{n: f"{n} estrelas" for n in range(2, 6)}},
        rated={
            "m": "{name} é um {style} de {stars} a {distance} km do centro da cidade "
            "({district}, {city}).",
        },
        unrated={
            "m": "{name} é um {style} a {distance} km do centro da cidade ({district}, {city}).",
        },
        room_types=_counted("{n} tipos de quarto"),
        rooms="Oferece {rooms}; o check-in é a partir das {check_in} e o check-out, até as "
        "{check_out}.",
        pool="Os hóspedes podem relaxar na piscina.",
        beach="A praia fica a poucos minutos a pé.",
        kosher="É servida comida kosher.",
    ),
    "ru": Language(
        styles={
            "hostel": ("хостел", "m"),
            "hotel": ("отель", "m"),
            "boutique": ("бутик-отель", "m"),
            "resort": ("курортный отель", "m"),
            "apartments": ("апарт-отель", "m"),
        },
        stars={
            1: "однозвёздочный",
            2: "двухзвёздочный",
            3: "трёхзвёздочный",
            4: "четырёхзвёздочный",
            5: "пятизвёздочный",
        },
        rated={
            "m": "«{name}» — {stars} {style} в {distance} км от центра города "
            "({district}, {city}).",
        },
        unrated={
            "m": "«{name}» — {style} в {distance} км от центра города ({district}, {city}).",
        },
        room_types={
            2: "два типа номеров",
            3: "три типа номеров",
            4: "четыре типа номеров",
            5: "пять типов номеров",
        },
        rooms="На выбор — {rooms}; заезд с {check_in}, выезд до {check_out}.",
        pool="Гости могут отдохнуть у бассейна.",
        beach="До пляжа — несколько минут пешком.",
        kosher="Здесь подают кошерную еду.",
    ),
    "zh-cn": Language(
        styles={
            "hostel": ("青年旅舍", "-"),
            "hotel": ("酒店", "-"),
            "boutique": ("精品酒店", "-"),
            "resort": ("度假村", "-"),
            "apartments": ("公寓式酒店", "-"),
        },
        stars={1: "一星级", 2: "二星级", 3: "三星级", 4: "四星级", 5: "五星级"},
        rated={"-": "{name}是一家位于{city}{district}的{stars}{style}，距市中心{distance}公里。"},
        unrated={"-": "{name}是一家位于{city}{district}的{style}，距市中心{distance}公里。"},
        room_types={n: f"{n}种房型" for n in ROOM_TYPE_COUNTS},
        rooms="这里提供{rooms}，入住时间为{check_in}以后，退房时间为{check_out}之前。",
        pool="住客可在泳池边放松身心。",
        beach="步行片刻即可到达海滩。",
        kosher="提供符合犹太洁食标准的餐食。",
        joiner="",
    ),
    "zh-tw": Language(
        styles={
            "hostel": ("青年旅館", "-"),
            "hotel": ("飯店", "-"),
            "boutique": ("精品飯店", "-"),
            "resort": ("度假村", "-"),
            "apartments": ("公寓式飯店", "-"),
        },
        stars={1: "一星級", 2: "二星級", 3: "三星級", 4: "四星級", 5: "五星級"},
        rated={"-": "{name}是一間位於{city}{district}的{stars}{style}，距離市中心{distance}公里。"},
        unrated={"-": "{name}是一間位於{city}{district}的{style}，距離市中心{distance}公里。"},
        room_types={n: f"{n}種房型" for n in ROOM_TYPE_COUNTS},
        rooms="這裡提供{rooms}，入住時間為{check_in}以後，退房時間為{check_out}之前。",
        pool="住客可在泳池畔放鬆身心。",
        beach="步行片刻即可抵達海灘。",
        kosher="提供符合猶太潔食規範的餐點。",
        joiner="",
    ),
}


@cache
def _babel(locale: str) -> babel.Locale:
    return babel.Locale.parse(BABEL_LOCALES[locale])


def _clock(hhmm: str, locale: str) -> str:
    hours, minutes = map(int, hhmm.split(":"))
    return format_time(time(hours, minutes), "short", locale=_babel(locale))


def description(hotel: Hotel, locale: str) -> tuple[str, str]:
    """(the hotel's description, the locale it is written in): ``locale``'s, else English."""
    code = locale if locale in LANGUAGES else "en"
    language = LANGUAGES[code]
    city = inventory().places[hotel.place_id]
    word, grammar = language.styles[hotel.style]
    city_name = names(code)[city.id][0]
    district = district_name(hotel.district, code)[0]
    if not language.joiner and district.startswith(city_name):
        # Chinese writes the city then the district with nothing between them: a district
        # named after its city ("迪拜码头", Dubai Marina) already says the city.
        city_name = ""
    facts = {
        "name": hotel.name,
        "style": word,
        "stars": language.stars.get(hotel.stars, ""),
        "district": district,
        "city": city_name,
        "distance": format_decimal(hotel.distance_km, format="0.0", locale=_babel(code)),
    }
    intro = language.rated if hotel.stars else language.unrated
    sentences = [
        intro[grammar].format(**facts),
        language.rooms.format(
            rooms=language.room_types[len(hotel.rooms)],
            check_in=_clock(hotel.check_in_from, code),
            check_out=_clock(hotel.check_out_until, code),
        ),
    ]
    if "pool" in hotel.amenities:
        sentences.append(language.pool)
    if "beach_access" in hotel.amenities:
        sentences.append(language.beach)
    if "kosher_food" in hotel.amenities:
        sentences.append(language.kosher)
    return language.joiner.join(sentences), code
