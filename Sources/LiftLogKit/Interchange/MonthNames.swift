/// Month names as apps write dates in their users' languages (`5 Mai 2026`, `13 Fev 2026`,
/// `3 janv. 2026`, `7 мая 2026`): the full names, and the other forms each language uses
/// (Polish and Russian decline them). A word names a month when it is at least three letters
/// long and begins a name of that month only, in any of the languages, a trailing period left
/// out. Dates written with numbers and markers (`2026年5月5日`, `2026년 5월 5일`) need none.
enum MonthNames {
    /// For each month, its names in English, German, French, Spanish, Italian, Portuguese,
    /// Dutch, Polish, Russian and Turkish (lowercase, with their diacritics).
    static let names: [[String]] = [
        ["january", "januar", "jänner", "janvier", "enero", "gennaio", "janeiro", "januari", "styczeń", "stycznia", "январь", "января", "ocak"],
        ["february", "februar", "février", "fevrier", "febrero", "febbraio", "fevereiro", "februari", "luty", "lutego", "февраль", "февраля", "şubat", "subat"],
        ["march", "märz", "mrz", "mars", "marzo", "março", "marco", "maart", "mrt", "marzec", "marca", "март", "марта", "mart"],
        ["april", "avril", "abril", "aprile", "kwiecień", "kwietnia", "апрель", "апреля", "nisan"],
        ["may", "mai", "mayo", "maggio", "maio", "mei", "maj", "maja", "май", "мая", "mayıs", "mayis"],
        ["june", "juni", "juin", "junio", "giugno", "junho", "czerwiec", "czerwca", "июнь", "июня", "haziran"],
        ["july", "juli", "juillet", "julio", "luglio", "julho", "lipiec", "lipca", "июль", "июля", "temmuz"],
        ["august", "août", "aout", "agosto", "augustus", "sierpień", "sierpnia", "август", "августа", "ağustos", "agustos"],
        ["september", "septembre", "septiembre", "setiembre", "settembre", "setembro", "wrzesień", "września", "сентябрь", "сентября", "eylül", "eylul"],
        ["october", "oktober", "octobre", "octubre", "ottobre", "outubro", "październik", "października", "октябрь", "октября", "ekim"],
        ["november", "novembre", "noviembre", "novembro", "listopad", "listopada", "ноябрь", "ноября", "kasım", "kasim"],
        ["december", "dezember", "décembre", "decembre", "diciembre", "dicembre", "dezembro", "grudzień", "grudnia", "декабрь", "декабря", "aralık", "aralik"],
    ]

    /// The month (1–12) `word` names, or `nil` when it names none or could be two (`jui`:
    /// juin or juillet).
    static func month(_ word: String) -> Int? {
        var text = word.lowercased()
        while text.hasSuffix(".") { text.removeLast() }
        guard text.count >= 3 else { return nil }
        var found: Int?
        for (index, forms) in names.enumerated() where forms.contains(where: { $0.hasPrefix(text) }) {
            guard found == nil else { return nil }
            found = index + 1
        }
        return found
    }
}
