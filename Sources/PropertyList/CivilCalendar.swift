/// Day arithmetic on the proleptic Gregorian calendar, the calendar property-list dates are written
/// in (UTC, year 0 included, no Julian switch): a day count from 1970-01-01 to and from a year, a
/// month and a day. The calendar repeats every 400 years (146,097 days); counted from a March 1st,
/// so that a leap day ends its year, the year of such an era and the day of that year follow from
/// the days alone.
enum CivilCalendar {
    /// The days from 1970-01-01 to `year`-`month`-`day` (`month` 1...12). A day past the month's
    /// end runs on into the next month (the 31st of February is the 2nd or 3rd of March).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1...12) and day of the day `days` after 1970-01-01.
    static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
